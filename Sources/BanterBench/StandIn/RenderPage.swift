import BanterCore
import BanterStore
import BanterTerminal
import Foundation

/// A stand-in for `banter render` while that command does not exist: the same code path
/// (open the store, fetch the latest page, lay it out, render it as plain text), so its
/// whole-process start-up time and memory can be measured.
enum RenderPage {
    static func run(databasePath: String, conversationTitle: String, width: Int, limit: Int) throws {
        let store = try ChatStore(path: databasePath)
        guard let conversation = try store.conversation(titled: conversationTitle) else {
            throw BenchError("no conversation titled \"\(conversationTitle)\" in \(databasePath)")
        }
        let messages = try store.latestMessages(conversationID: conversation.id, limit: limit)
        let items = Layout.items(for: messages, rules: conversation.rules)
        let renderer = TranscriptRenderer(
            theme: Theme(colorMode: .none),
            headerFormatter: HeaderFormatter(pattern: conversation.rules.headerPattern),
            now: Timestamp(Date()), participant: Participant(name: conversation.title))
        let lines = renderer.render(items, width: width)
        FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
