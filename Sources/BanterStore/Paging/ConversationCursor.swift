import BanterCore

/// Walks a whole conversation from its first message to its last, a page at a time, with
/// keyset paging: each page is one range scan of the paging index starting right after the
/// previous page, so a conversation of any length is read at a constant cost per page and
/// in memory that does not grow with it. Exports, `render --all` and anything else that
/// reads "everything" go through it.
///
/// Each page is read in its own short transaction, so writers are never held up; a message
/// another process commits meanwhile is included when it sorts after the page last read.
public struct ConversationCursor {
    private let store: ChatStore
    public let conversationID: Int64
    /// How many messages `next()` returns at most.
    public let pageSize: Int
    /// The position of the last message returned, where the next page starts.
    private var position: (sentAt: Int64, id: Int64)?
    /// The position of the last message to return (a stretch's end); nil for the last one.
    private let through: (sentAt: Int64, id: Int64)?
    private var finished = false

    init(
        store: ChatStore, conversationID: Int64, pageSize: Int, after start: (sentAt: Int64, id: Int64)? = nil,
        through end: (sentAt: Int64, id: Int64)? = nil
    ) {
        self.store = store
        self.conversationID = conversationID
        self.pageSize = max(pageSize, 1)
        position = start
        through = end
    }

    /// The next page, oldest first; nil once the conversation's end has been reached.
    public mutating func next() throws(StoreError) -> [Message]? {
        guard !finished else { return nil }
        var page = try store.messages(conversationID: conversationID, after: position, limit: pageSize)
        if page.count < pageSize { finished = true }
        if let through, let past = page.firstIndex(where: { ($0.sentAt.millisecondsSince1970, $0.id) > through }) {
            page.removeSubrange(past...)
            finished = true
        }
        guard let last = page.last else { return nil }
        position = (last.sentAt.millisecondsSince1970, last.id)
        return page
    }
}
