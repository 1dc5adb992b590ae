import ArgumentParser
import BanterCore
import BanterExport
import BanterStore
import Foundation

extension ExportFormat: ExpressibleByArgument {}

/// `banter export`: writes a whole stored conversation as Markdown, JSON (which `banter
/// import` reads back) or a self-contained HTML page.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a stored conversation as Markdown, JSON or HTML.",
        discussion: """
            Writes the whole conversation, with its sections, clusters and delivery statuses, \
            to standard output or to --output FILE. The JSON round-trips through `banter import`.
            """
    )


    @Option(name: .long, help: ArgumentHelp("markdown, json or html.", valueName: "format"))
    var format: ExportFormat

    @Option(name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"), completion: .file())
    var output: String?

    @OptionGroup var stored: StoredConversationOptions



    func run() throws {
        try Diagnostics.exitOnFailure {
            let (store, found) = try stored.open()
            let export = TranscriptExport(
                conversation: found,
                participant: found.participant ?? Participant(name: found.title),
                messages: try Self.allMessages(of: found, in: store),
                headerFormatter: HeaderFormatter(timeZone: stored.zone),
                now: SystemClock().now)
            try write(try export.rendered(as: format))
        }
    }

    /// Writes the export to --output (atomically), else to standard output.
    private func write(_ text: String) throws {
        guard let output else {
            FileHandle.standardOutput.write(Data(text.utf8))
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch let error as CocoaError {
            throw Diagnostics.Failure("could not write \(output): \(error.localizedDescription)")
        }
    }

    /// Every message of the conversation, read newest page first with keyset paging.
    static func allMessages(of conversation: Conversation, in store: ChatStore) throws -> [Message] {
        var pages: [[Message]] = []
        var page = try store.latestMessages(conversationID: conversation.id, limit: 1000)
        while let oldest = page.first {
            pages.append(page)
            page = try store.messages(before: oldest, limit: 1000)
        }
        return pages.reversed().flatMap { $0 }
    }
}
