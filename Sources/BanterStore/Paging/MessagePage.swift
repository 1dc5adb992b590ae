import BanterCore

/// A run of consecutive messages of one conversation, in chronological order, and whether
/// nothing older exists: what a chat window shows and what tells it to stop scrolling up.
package struct MessagePage: Hashable, Sendable {
    /// The messages, oldest first.
    package var messages: [Message]
    /// True when `messages` starts at the conversation's first message (or the
    /// conversation is empty).
    package var reachedBeginning: Bool

    package init(messages: [Message], reachedBeginning: Bool) {
        self.messages = messages
        self.reachedBeginning = reachedBeginning
    }
}
