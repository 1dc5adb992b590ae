import BanterCore
import BanterScript
import BanterStore
import Foundation

/// Replies, reactions, edits and deletions by the person at the prompt. Each is stored,
/// then published (`.messageAdded` for a reply, `.messageUpdated` for the rest), then told
/// to the bot when there is one.
extension ChatSession {
    /// Sends `text` quoting `quoted` (its sender and first line are kept with the reply).
    ///
    /// - Returns: the stored reply, or nil when the text is blank.
    @discardableResult
    package func reply(to quoted: Message, text: String) throws(ChatError) -> Message? {
        if let refusal = MessageAction.reply.refusal(for: quoted, speakingAs: side) {
            throw .messageNotAllowed(refusal)
        }
        guard let message = try store(text, from: writer, quote: Quote(quoting: quoted)) else { return nil }
        bot?.received(message)
        return message
    }

    /// Adds the session side's `emoji` to `message`, or takes it back when it is there.
    ///
    /// - Returns: the message as stored and whether the reaction is now there.
    @discardableResult
    package func react(to message: Message, with emoji: String) throws(ChatError) -> (message: Message, added: Bool) {
        let result = try applyReaction(emoji, to: message, from: side, change: .toggle)
        let reaction = Reaction(emoji: emoji, sender: writer, reactedAt: clock.now)
        bot?.reacted(reaction, to: result.message, added: result.added)
        return result
    }

    /// Replaces the text of one of the session side's messages and marks it edited.
    @discardableResult
    package func edit(_ message: Message, text: String) throws(ChatError) -> Message {
        if let refusal = MessageAction.edit.refusal(for: message, speakingAs: side) {
            throw .messageNotAllowed(refusal)
        }
        let edited = try applyEdit(message, text: text)
        bot?.changed(edited)
        return edited
    }

    /// Deletes one of the session side's messages: a placeholder stays in its place.
    @discardableResult
    package func delete(_ message: Message) throws(ChatError) -> Message {
        if let refusal = MessageAction.delete.refusal(for: message, speakingAs: side) {
            throw .messageNotAllowed(refusal)
        }
        let deleted = try applyDeletion(message)
        bot?.changed(deleted)
        return deleted
    }

    // MARK: - Shared with the bot's host side

    /// Stores `person`'s reaction: a `Side`, since only the two people of a conversation
    /// react (the store refuses `Sender.system`).
    func applyReaction(_ emoji: String, to message: Message, from person: Side, change: ChatStore.ReactionChange)
        throws(ChatError) -> (message: Message, added: Bool)
    {
        guard Reaction.isValidEmoji(emoji) else { throw .invalidEmoji(emoji) }
        if let refusal = MessageAction.react.refusal(for: message, speakingAs: side) {
            throw .messageNotAllowed(refusal)
        }
        let (id, now) = (message.id, clock.now)
        let (updated, present) = try storing { () throws(StoreError) in
            try store.react(messageID: id, emoji: emoji, sender: person.sender, at: now, change: change)
        }
        replaceInWindow(updated)
        publish(.messageUpdated(updated), from: .user)
        return (updated, present)
    }

    func applyEdit(_ message: Message, text: String) throws(ChatError) -> Message {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty || message.attachment != nil else { throw .emptyEdit }
        let bytes = trimmed.utf8.count
        guard bytes <= options.maximumMessageBytes else {
            throw .messageTooLong(bytes: bytes, limit: options.maximumMessageBytes)
        }
        let (id, now) = (message.id, clock.now)
        let edited = try storing { () throws(StoreError) in try store.edit(messageID: id, text: trimmed, at: now) }
        replaceInWindow(edited)
        publish(.messageUpdated(edited), from: .user)
        return edited
    }

    func applyDeletion(_ message: Message) throws(ChatError) -> Message {
        let (id, now) = (message.id, clock.now)
        let deleted = try storing { () throws(StoreError) in try store.delete(messageID: id, at: now) }
        replaceInWindow(deleted)
        publish(.messageUpdated(deleted), from: .user)
        return deleted
    }

    /// Puts the stored version of a message in the loaded window, where it already is.
    func replaceInWindow(_ message: Message) {
        if let index = messages.lastIndex(where: { $0.id == message.id }) { messages[index] = message }
    }
}
