import ArgumentParser
import BanterConfig
import BanterCore
import BanterExport
import BanterStore
import Foundation

/// `banter import`: reads a JSON transcript written by `banter export --format json` into a
/// new conversation, streaming, in one transaction.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        _superCommandName: "banter",
        abstract: "Import a JSON transcript into a new conversation.",
        discussion: """
            Reads a file written by `banter export --format json`, in either version of the \
            format. The first line tells which:

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

    @Argument(help: ArgumentHelp("The JSON transcript.", valueName: "file"), completion: .file(extensions: ["json"]))
    var file: String

    @OptionGroup var conversation: ConversationOption

    @OptionGroup var database: DatabaseOption

    @OptionGroup var config: ConfigOption

    func run() throws {
        let databasePath = try database.path(in: try config.settings())
        try Diagnostics.exitOnFailure {
            do {
                try importTranscript(databasePath: databasePath)
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
