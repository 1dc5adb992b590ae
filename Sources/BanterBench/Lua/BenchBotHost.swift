import BanterCore
import BanterLua
import BanterScript

/// The chat a benchmarked bot talks to: it counts replies and keeps nothing, so the
/// figure is the runtime's dispatch, not a store or a terminal.
final class BenchBotHost: BotHost {
    let now: Timestamp
    private(set) var replies = 0
    private(set) var failures: [ScriptError] = []

    init(now: Timestamp) {
        self.now = now
    }

    func botReplied(_ reply: BotReply) throws -> Message {
        replies += 1
        return Message(id: Int64(replies), conversationID: 1, sender: .them, text: reply.text, sentAt: now)
    }
    func botTyping(until: Timestamp?) {}
    func botMarked(_ status: DeliveryStatus) {}
    func loadMemory() throws -> [String: String] { [:] }
    func saveMemory(_ changes: [(key: String, json: String?)]) throws {}
    func botFailed(_ error: ScriptError) { failures.append(error) }
}
