import BanterChat
import BanterCore
import Foundation

/// `/search TEXT`: this conversation's messages containing every word, newest first, each
/// with its id, so that a hit can be the `#ID` of `/reply`, `/react` or `/copy`.
struct SearchCommand: ReplCommandDefinition, Equatable {
    static let name = "search"
    static let usage = "/search TEXT"
    static let summary = "find messages in this conversation"

    var text: String

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> SearchCommand {
        SearchCommand(text: try required(arguments, "words to look for"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        repl.perform { () throws(ChatError) in try search(repl) }
        return .keepGoing
    }

    private func search(_ repl: ReplController) throws(ChatError) {
        let hits = try repl.session.search(text)
        guard !hits.isEmpty else {
            repl.info("no messages contain \"\(text)\"")
            return
        }
        let renderer = repl.renderer
        let width = repl.display.width
        let count = hits.count == 1 ? "1 message" : "\(hits.count) messages"
        var lines = repl.painter.info("\(count) with \"\(text)\", newest first:", width: repl.display.noticeWidth)
        let labelWidth = hits.map { "#\($0.message.id)".count }.max() ?? 0
        for hit in hits {
            let label = "#\(hit.message.id)".padding(toLength: labelWidth + 2, withPad: " ", startingAt: 0)
            lines.append(label + renderer.searchHit(hit.message, highlighting: hit.matches, width: width - label.count))
        }
        repl.show(lines)
    }
}
