import BanterCore

/// Walks a whole conversation from its first message to its last, a page at a time, with
/// keyset paging: each page is one range scan of the paging index starting right after the
/// previous page, so a conversation of any length is read at a constant cost per page and
/// in memory that does not grow with it. Exports, `render --all` and anything else that
/// reads "everything" go through it.
///
/// Each page is read in its own short transaction, so writers are never held up; a message
/// another process commits meanwhile is included when it sorts after the page last read.
package struct ConversationCursor {
    private let store: ChatStore
    package let conversationID: Int64
    /// How many messages `next()` returns at most.
    package let pageSize: Int
    /// Whether it walks every branch (each message once, in layout order) rather than the
    /// current one.
    package let allBranches: Bool
    /// The position of the last message returned, where the next page starts.
    private var position: (sentAt: Int64, id: Int64)?
    /// The position of the last message to return (a stretch's end); nil for the last one.
    private let through: (sentAt: Int64, id: Int64)?
    private var finished = false
    /// In a walk of every branch of a conversation that has forked: whether it has (read
    /// with the first page), and the last message without a stored parent returned, the
    /// implicit parent of the next one (see `next()`).
    private var hasForks: Bool?
    private var previousStraight: Int64?

    init(
        store: ChatStore, conversationID: Int64, pageSize: Int, allBranches: Bool,
        after start: (sentAt: Int64, id: Int64)? = nil, through end: (sentAt: Int64, id: Int64)? = nil
    ) {
        self.store = store
        self.conversationID = conversationID
        self.pageSize = max(pageSize, 1)
        self.allBranches = allBranches
        position = start
        through = end
    }

    /// The next page, oldest first; nil once the conversation's end has been reached.
    ///
    /// Walking every branch of a conversation that has forked, a message of the first
    /// branch without a stored parent (the straight line's implicit one) is given its
    /// parent, the first branch's message before it, so the tree is explicit to whoever
    /// reads the walk (a JSON Lines export): messages of later branches always store theirs.
    package mutating func next() throws(StoreError) -> [Message]? {
        guard !finished else { return nil }
        var page = try store.messages(
            conversationID: conversationID, after: position, limit: pageSize, allBranches: allBranches)
        if allBranches && hasForks == nil {
            hasForks = try store.branches(conversationID: conversationID).count > 1
        }
        if hasForks == true {
            for index in page.indices where page[index].parentID == nil {
                page[index].parentID = previousStraight
                previousStraight = page[index].id
            }
        }
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
