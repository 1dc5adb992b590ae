import ArgumentParser
import BanterCore
import BanterExport
import BanterStore
import Foundation

/// `banter import`: reads a JSON transcript written by `banter export --format json` into a
/// new conversation.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a JSON transcript into a new conversation.",
        discussion: """
            The file is one written by `banter export --format json`. The conversation keeps \
            its title unless --conversation gives another; an existing title is never merged into.
            """
    )

    /// Files larger than this are refused before they are read: 64 KiB messages times a
    /// generous count, far beyond any real transcript.
    static let maximumFileBytes = 256 * 1024 * 1024

    @Argument(help: ArgumentHelp("The JSON transcript.", valueName: "file"), completion: .file(extensions: ["json"]))
    var file: String

    @Option(name: .long, help: ArgumentHelp("The new conversation's name (default: the one in the file).", valueName: "name"))
    var conversation: String?

    @Option(name: .long, help: ArgumentHelp(
        "The database (default: $BANTER_DB, else $XDG_DATA_HOME/banter/banter.sqlite).", valueName: "path"), completion: .file())
    var db: String?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        try Diagnostics.exitOnFailure {
            do {
                try importTranscript(environment: environment)
            } catch let error as ImportError {
                throw Diagnostics.Failure("\(file): \(error)")
            } catch StoreError.conversationTitleTaken(let title) {
                throw Diagnostics.Failure(
                    "a conversation named \"\(Sanitizer.sanitize(title))\" already exists; import under another name with --conversation NAME")
            }
        }
    }

    /// Reads the file and stores it as a new conversation.
    private func importTranscript(environment: [String: String]) throws {
        let transcript = try TranscriptDocument.decode(from: try Self.read(file))
        let store = try ChatStore(path: db ?? ChatStore.defaultPath(environment: environment))
        let title = conversation ?? transcript.title
        let created = try store.createConversation(
            title: title, botScriptPath: transcript.botScriptPath, rules: transcript.rules,
            createdAt: transcript.messages.first?.sentAt ?? SystemClock().now)
        try store.updateParticipant(transcript.participant, conversationID: created.id)
        let stored = try store.append(contentsOf: transcript.messages.map { message in
            NewMessage(
                conversationID: created.id, sender: message.sender, text: message.text,
                sentAt: message.sentAt, status: message.status)
        })
        print("Imported \(stored.count) messages into \"\(Sanitizer.sanitize(title))\".")
    }

    private static func read(_ path: String) throws(Diagnostics.Failure) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostics.Failure("\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw Diagnostics.Failure("\(path) is a folder, not a transcript file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= maximumFileBytes else {
            throw Diagnostics.Failure("\(path) is \(size) bytes; transcripts over \(maximumFileBytes) bytes are refused")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostics.Failure("\(path) could not be read (check its permissions)")
        }
        return data
    }
}
