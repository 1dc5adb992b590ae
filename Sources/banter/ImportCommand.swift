import ArgumentParser
import BanterConfig
import BanterCore
import BanterExport
import BanterHistory
import BanterStore
import Foundation

/// `banter import`: reads a JSON transcript written by `banter export --format json`, or a
/// chat history exported by another app (`--from whatsapp`), into a new conversation,
/// streaming, in one transaction.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract:
            "Import a JSON transcript, or a WhatsApp, Telegram, Discord or Slack export, into a new conversation.",
        discussion: """
            --from whatsapp reads WhatsApp's "Export chat": the .txt, the .zip with its media \
            (pictures and files are stored with their messages), or the unzipped folder. Android \
            and iOS forms, any date order (told from the whole file; --date-order when it \
            cannot be), 12- and 24-hour times, messages over several lines. --me NAME says which \
            sender is you. Times are read in --time-zone (else the configured or system zone). \
            Every line not understood is reported with its file and line and counted in the \
            summary; --strict stops at the first instead. Without --from, the format is told \
            from the file. --from telegram reads Telegram Desktop's JSON export (result.json, \
            its folder with photos and files, or a zip of it): texts with their formatting, \
            service messages, replies, edits, reactions, photos and files; in a personal chat \
            the other person is the chat's name, so --me is not needed. --from discord reads \
            DiscordChatExporter's JSON (with its _Files folder for media). --from slack reads a \
            workspace export (zip or folder): one channel (--channel NAME), its day files in \
            order, threads as replies. See docs/import-formats.md.

            Banter's own transcripts: a file written by `banter export --format json`, in \
            either version of the format. The first line tells which:

            Version 2, JSON Lines (written by this Banter): the first line is a whole JSON \
            object with "version": 2, then one message per line, then the closing line \
            {"end":true,"message_count":N}. Read as it streams in: any size, little memory.

            Version 1, one JSON document (written by Banter before version 2): any other \
            file that starts with "{". Its messages are read one by one as they stream in \
            too, so it has no size limit either.

            The import is one transaction: a file that is cut off or wrong anywhere leaves \
            the database exactly as it was, and the error names the line and byte offset \
            (or, in version 1, the JSON path). The conversation keeps its title unless \
            --conversation gives another; an existing title is never merged into.
            """
    )

    /// How much of the file is read at a time.
    static let chunkBytes = 1 << 20

    @Argument(
        help: ArgumentHelp("The JSON transcript, or the chat export (file, zip or folder).", valueName: "file"),
        completion: .file(extensions: ["json", "txt", "zip"]))
    var file: String

    @Option(name: .long, help: ArgumentHelp("The export's format (default: told from the file).", valueName: "format"))
    var from: ImportSource?

    @Option(
        name: .long, help: ArgumentHelp("Your name in the chat: your messages are drawn as sent.", valueName: "name"))
    var me: String?

    @Option(
        name: .long,
        help: ArgumentHelp("The order of the export's dates, when they cannot tell it.", valueName: "order"))
    var dateOrder: DateOrder?

    @OptionGroup var timeZone: TimeZoneOption

    @Flag(name: .long, help: "Fail on the first line not understood instead of reporting it and going on.")
    var strict = false

    @Option(name: .long, help: ArgumentHelp("The channel of a Slack export to import.", valueName: "name"))
    var channel: String?

    @OptionGroup var conversation: ConversationOption

    @OptionGroup var database: DatabaseOption

    @OptionGroup var config: ConfigOption

    func validate() throws {
        if from == .banter || (from == nil && HistoryFormat.detect(path: file) == nil) {
            guard me == nil, dateOrder == nil, !strict, timeZone.timeZone == nil, channel == nil else {
                throw ValidationError(
                    "--me, --date-order, --time-zone, --strict and --channel are for chat exports (--from whatsapp|telegram|discord|slack); a Banter transcript keeps its own"
                )
            }
        }
    }

    func run() throws {
        let settings = try config.settings()
        let databasePath = try database.path(in: settings)
        let source = from ?? HistoryFormat.detect(path: file).map { ImportSource(format: $0) } ?? .banter
        try Diagnostics.exitOnFailure {
            do {
                if let format = source.history {
                    try importHistory(format, databasePath: databasePath, zone: try timeZone.zone(in: settings))
                } else {
                    try importTranscript(databasePath: databasePath)
                }
            } catch let error as HistoryError {
                throw Diagnostics.Failure("\(error); nothing was imported")
            } catch let error as ImportError {
                throw Diagnostics.Failure("\(file): \(error); nothing was imported")
            } catch StoreError.conversationTitleTaken(let title) {
                throw Diagnostics.Failure(
                    "a conversation named \"\(Sanitizer.sanitize(title))\" already exists; import under another name with --conversation NAME"
                )
            }
        }
    }

    /// Reads the file chunk by chunk and stores what each chunk completes, all in one
    /// transaction. The first chunk is read before the database is opened, so a file that
    /// is not a transcript at all leaves no trace.
    private func importTranscript(databasePath: String) throws {
        let handle = try Self.open(file)
        defer { try? handle.close() }
        var reader = TranscriptReader()
        let firstItems = try reader.read(try Self.readChunk(handle, file))
        let store = try ChatStore(path: databasePath)
        let (title, count) = try store.importConversation { importer in
            var title = ""
            func store(_ items: [TranscriptReader.Item]) throws {
                for item in items {
                    switch item {
                    case .conversation(let settings):
                        title = conversation.conversation ?? settings.title
                        try importer.createConversation(
                            title: title, botScriptPath: settings.botScriptPath, rules: settings.rules,
                            participant: settings.participant, createdAt: SystemClock().now)
                        if !settings.participants.isEmpty { try importer.setParticipants(settings.participants) }
                        importer.expectBranches(
                            settings.branches.map {
                                ImportedBranch(
                                    name: $0.name, forkID: $0.forkID, firstID: $0.firstID, isCurrent: $0.current == true
                                )
                            })
                    case .participant(let participant):
                        try importer.updateParticipant(participant)
                    case .message(let message):
                        let new = NewMessage(
                            conversationID: 0, sender: message.sender, text: message.text, sentAt: message.sentAt,
                            status: message.status, attachment: message.attachment, quote: message.quote,
                            editedAt: message.editedAt, deletedAt: message.deletedAt, fields: message.fields)
                        try importer.append(new, reactions: message.reactions, exportedID: message.exportedID)
                    case .attachmentData(let data):
                        try importer.appendAttachmentData(data)
                    }
                }
            }
            try store(firstItems)
            while true {
                let chunk = try Self.readChunk(handle, file)
                if chunk.isEmpty { break }
                try store(try reader.read(chunk))
            }
            try store(try reader.finish())
            return (title, importer.messageCount)
        }
        print("Imported \(count) messages into \"\(Sanitizer.sanitize(title))\".")
    }

    /// Imports a chat history through the one importer every format shares, reporting each
    /// line not understood on standard error as it is found.
    private func importHistory(_ format: HistoryFormat, databasePath: String, zone: TimeZone) throws {
        let export = try format.export(at: file)
        let store = try ChatStore(path: databasePath)
        let options = HistoryImportOptions(
            me: me, title: conversation.conversation, dateOrder: dateOrder, zone: zone, strict: strict,
            channel: channel)
        let summary = try HistoryImporter.importHistory(format, export, into: store, options: options) { problem in
            Diagnostics.printLine("banter: warning: \(problem)")
        }
        for line in summary.lines { print(Sanitizer.sanitize(line)) }
    }

    private static func open(_ path: String) throws(Diagnostics.Failure) -> FileHandle {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostics.Failure("\(path): \(MissingFile.reason(path))")
        }
        guard !isDirectory.boolValue else { throw Diagnostics.Failure("\(path) is a folder, not a transcript file") }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Diagnostics.Failure("\(path) could not be read (check its permissions)")
        }
        return handle
    }

    private static func readChunk(_ handle: FileHandle, _ path: String) throws(Diagnostics.Failure) -> Data {
        do {
            return try handle.read(upToCount: chunkBytes) ?? Data()
        } catch {
            throw Diagnostics.Failure("\(path) could not be read: \(error.localizedDescription)")
        }
    }
}
