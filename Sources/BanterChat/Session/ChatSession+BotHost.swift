import BanterCore
import BanterScript
import BanterStore
import Foundation

/// The session as the bot's host: the bot's replies, typing, receipts and memory go through
/// here into the store and out as events.
extension ChatSession: BotHost {
    public var now: Timestamp { clock.now }

    public var recordsCoverage: Bool { options.recordsCoverage }

    public func botReplied(_ text: String) throws {
        let conversationID = conversation.id
        let message = try store.append(conversationID: conversationID, sender: .them, text: text, sentAt: clock.now)
        insertIntoWindow(message)
        publish(.messageAdded(message))
        markSeen(message)
    }

    public func botTyping(until: Timestamp?) {
        if let until {
            typingUntil = until
            publish(.typingStarted(until: until))
        } else if typingUntil != nil {
            typingUntil = nil
            publish(.typingStopped)
        }
    }

    /// Moves the user's recent messages forward to `status`, newest first, stopping at the
    /// first one already there (statuses only move forward, so older ones are too).
    public func botMarked(_ status: DeliveryStatus) {
        for index in messages.indices.reversed() where messages[index].sender == .me {
            guard messages[index].status < status else { break }
            do {
                let updated = try store.updateStatus(messageID: messages[index].id, to: status)
                messages[index] = updated
                publish(.messageUpdated(updated))
            } catch {
                publish(.notice("could not store the delivery status: \(error)"))
                return
            }
        }
    }

    public func loadMemory() throws -> [String: String] {
        try store.allMemory(conversationID: conversation.id, bot: memoryKey)
    }

    public func saveMemory(key: String, json: String?) throws {
        try store.setMemoryValue(json, conversationID: conversation.id, bot: memoryKey, key: key)
    }

    /// The error, with the bot's own frames on lines below it when there are several.
    public func botFailed(_ error: ScriptError) {
        publish(.notice(error.lines.joined(separator: "\n")))
    }

    /// A note outside a traced run (a traced run's notes are in its trace).
    public func botNoted(_ note: ScriptNote) {
        publish(.note(note.description))
    }

    public func botTraced(_ trace: HandlerTrace) {
        publish(.handlerTraced(trace))
    }

    /// Memory belongs to a conversation and a bot script, named by its file, so that two
    /// bots in one conversation keep theirs apart and a moved script keeps its memory.
    private var memoryKey: String {
        URL(fileURLWithPath: conversation.botScriptPath ?? "bot").lastPathComponent
    }
}
