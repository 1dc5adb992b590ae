import ArgumentParser
import BanterConfig
import BanterCore
import BanterExport
import BanterStore
import BanterTheme
import Foundation

extension ExportFormat: ExpressibleByArgument {}

/// `banter export`: writes a whole stored conversation as Markdown, JSON (which `banter
/// import` reads back) or a self-contained HTML page, streaming: each page of messages is
/// written before the next is read, so memory stays flat at any length.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a stored conversation as Markdown, JSON or HTML.",
        discussion: """
            Writes the whole conversation (--conversation, else the most recently active \
            one), with its sections, clusters and delivery statuses, \
            to standard output or to --output FILE (which appears only once complete; a \
            named pipe or a device is written in place). It is read and written page by \
            page, so any length exports in little memory. The JSON \
            is JSON Lines (a header line, one line per message, a closing line) and \
            round-trips through `banter import`.
            """
    )

    @Option(name: .long, help: ArgumentHelp("markdown, json or html.", valueName: "format"))
    var format: ExportFormat

    @Option(
        name: [.short, .long], help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"),
        completion: .file())
    var output: String?

    @OptionGroup var stored: StoredConversationOptions

    @OptionGroup var theme: ThemeOption

    @OptionGroup var config: ConfigOption

    @OptionGroup var paging: PageSizeOption

    func run() throws {
        let settings = try config.settings()
        let palette = try theme.palette(in: settings, drawnIn: format == .html ? .trueColor : nil)
        let zone = try stored.timeZone.zone(in: settings)
        try stored.withConversation(in: settings) { store, found in
            let file = try OutputFile(path: output)
            let attachments = AttachmentStreamer(
                read: { id, body in try store.readAttachment(messageID: id, body) }, writeBytes: { try file.write($0) })
            // HTML draws every branch of a conversation that forked (the reader switches
            // siblings), each stretch read page by page; otherwise the pages of one walk.
            let tree = format.drawsEveryBranch ? try store.branchTree(conversationID: found.id) : nil
            var writer = TranscriptWriter(
                format: format, conversation: found,
                participant: found.participant ?? Participant(name: found.title),
                headerFormatter: HeaderFormatter(timeZone: zone), now: SystemClock().now,
                statusMessageID: try store.lastMessage(conversationID: found.id, from: .me)?.id, palette: palette,
                attachments: attachments, participants: try store.participants(conversationID: found.id),
                branches: format == .json ? try Self.branches(of: found.id, in: store) : [],
                drawsEveryBranch: tree != nil)
            var text = ""
            func flush(_ text: inout String) throws {
                if let error = attachments.error { throw error }
                try file.write(text)
                text.removeAll(keepingCapacity: true)
            }
            if let tree {
                try writer.add(
                    tree, read: { try store.messages(conversationID: found.id, in: $0, limit: paging.pageSize) },
                    into: &text, flush: flush)
            } else {
                // JSON Lines keeps the whole tree (each message with its parent); Markdown
                // shows the current branch with a note at each branch point (and HTML, here,
                // a conversation that never forked: its one branch).
                var cursor = store.cursor(
                    conversationID: found.id, pageSize: paging.pageSize, allBranches: format == .json)
                while let page = try cursor.next() {
                    if format == .markdown { writer.branchPoints.merge(try store.branchPoints(in: page)) { $1 } }
                    writer.add(page, into: &text)
                    try flush(&text)
                }
            }
            writer.finish(into: &text)
            try flush(&text)
            try file.commit()
        }
    }

    /// The branches a JSON export lists in its header: each found again on import by its
    /// fork point and first message, with its label and whether it is current.
    private static func branches(of conversationID: Int64, in store: ChatStore) throws -> [TranscriptBranch] {
        let starts = try store.branchStarts(conversationID: conversationID)
        return starts.branches.map { branch, firstMessageID in
            TranscriptBranch(
                name: branch.name, forkID: branch.forkMessageID, firstID: firstMessageID,
                current: branch.number == starts.currentNumber)
        }
    }
}
