/// One line of the `/chats` list: a conversation, its newest message and how many received
/// messages the user has not read yet.
package struct ConversationSummary: Hashable, Sendable {
    package var conversation: Conversation
    /// The newest message in layout order (by time, then id); nil for an empty conversation.
    package var lastMessage: Message?
    /// Messages from `them` after the read marker (see `ChatStore.markRead(upTo:)`).
    package var unreadCount: Int

    package init(conversation: Conversation, lastMessage: Message?, unreadCount: Int) {
        self.conversation = conversation
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
    }
}
