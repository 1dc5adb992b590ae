import ArgumentParser
import BanterConfig
import BanterCore
import BanterStore
import BanterTerminal
import Foundation

/// `banter render`: prints a stored conversation as the REPL would, for piping. Reads only
/// the newest page(s) it needs, so it starts at once on any size of conversation.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print a stored conversation as the chat shows it.",
        discussion: """
            Prints --conversation, else the most recently active conversation. By default \
            prints the newest messages that fill a screen (the terminal's height, \
            else $LINES, else 24 rows); --limit N prints the newest N messages, --all the \
            whole conversation, page by page. Plain text when piped unless --color.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Print the newest N messages.", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: "Print the whole conversation.")
    var all = false

    @OptionGroup var stored: StoredConversationOptions

    @OptionGroup var transcript: TranscriptOptions

    @OptionGroup var config: ConfigOption

    @OptionGroup var paging: PageSizeOption

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, got \(limit)") }
        if limit != nil && all { throw ValidationError("--limit and --all cannot be combined") }
    }

    func run() throws {
        let settings = try config.settings()
        let environment = settings.environment
        let style = try transcript.style(timeZone: try stored.timeZone.zone(in: settings), settings: settings)
        try stored.withConversation(in: settings) { store, found in
            let printer = StoredTranscript(
                conversation: found, style: style, now: SystemClock().now,
                participants: try store.participants(conversationID: found.id))
            if all {
                var cursor = store.cursor(conversationID: found.id, pageSize: paging.pageSize)
                try printer.printAll { () throws(StoreError) in try cursor.next() }
            } else if let limit {
                let page = try store.latestPage(conversationID: found.id, limit: limit)
                printer.printLatest(page.messages, reachedBeginning: page.reachedBeginning)
            } else {
                let rows = max(TranscriptStyle.rows(environment: environment), 1)
                let page = try store.latestPage(conversationID: found.id, limit: rows)
                printer.printScreenful(of: page.messages, reachedBeginning: page.reachedBeginning, rows: rows)
            }
        }
    }
}
