import BanterCore
import BanterScript
import BanterStore
import Foundation

/// What the user does to the conversation: send, inject the other side's messages, change
/// the grouping rules.
extension ChatSession {
    /// Sends the message of the person at the prompt: trimmed, stored from the session's
    /// side, published, then handed to the bot (there is one only when speaking as `me`).
    ///
    /// - Returns: the stored message, or nil when the text is empty or only whitespace.
    @discardableResult
    package func send(_ text: String) throws(ChatError) -> Message? {
        try checkWriter()
        guard let message = try store(text, from: writer) else { return nil }
        bot?.received(message)
        personSpoke(message)
        return message
    }

    /// Adds a message from the side opposite the session's, as if that person had written
    /// it (`/as them`, or `/as me` when speaking as them). The bot is not told: it only
    /// answers the user.
    @discardableResult
    package func receive(_ text: String) throws(ChatError) -> Message? {
        guard let message = try store(text, from: side.opposite.sender) else { return nil }
        markSeen(message)
        return message
    }

    /// Replaces the open conversation's grouping rules, stores them and publishes the change
    /// (as the user's, unless `origin` says otherwise).
    func setRules(_ rules: GroupingRules, from origin: EventOrigin = .user) throws(ChatError) {
        let conversationID = conversation.id
        try storing { () throws(StoreError) in try store.updateRules(rules, conversationID: conversationID) }
        conversation.rules = rules
        publish(.rulesChanged(rules), from: origin)
    }

    /// Applies a partial change (`/grouping`, a scenario's `grouping {}`) to the open
    /// conversation's rules; see `setRules`.
    package func apply(_ change: GroupingChange) throws(ChatError) {
        try setRules(change.applied(to: conversation.rules))
    }

    /// Stores trimmed text from `sender` at the clock's time (quoting `quote`, for a reply)
    /// and publishes it; nothing for blank text.
    func store(_ text: String, from sender: Sender, quote: Quote? = nil) throws(ChatError) -> Message? {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else { return nil }
        let bytes = trimmed.utf8.count
        guard bytes <= options.maximumMessageBytes else {
            throw .messageTooLong(bytes: bytes, limit: options.maximumMessageBytes)
        }
        let conversationID = conversation.id
        let now = clock.now
        let new = NewMessage(conversationID: conversationID, sender: sender, text: trimmed, sentAt: now, quote: quote)
        let message = try storing { () throws(StoreError) in try store.append(contentsOf: [new])[0] }
        insertIntoWindow(message)
        publish(.messageAdded(message), from: .user)
        return message
    }
}
