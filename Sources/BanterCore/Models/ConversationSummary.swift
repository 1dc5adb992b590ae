/// One line of the `/chats` list: a conversation, its newest message and how many received
/// messages the user has not read yet.
public struct ConversationSummary: Hashable, Sendable {
    public var conversation: Conversation
    /// The newest message in layout order (by time, then id); nil for an empty conversation.
    public var lastMessage: Message?
    /// Messages from `them` after the read marker (see `ChatStore.markRead(upTo:)`).
    public var unreadCount: Int

    public init(conversation: Conversation, lastMessage: Message?, unreadCount: Int) {
        self.conversation = conversation
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
    }
}
