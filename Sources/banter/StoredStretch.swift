import BanterCore
import BanterStore

/// The messages of a stretch of a stored conversation (`banter replay --from/--to`, `banter
/// scenario --range`), oldest first, read a page at a time as they are iterated, so a long
/// stretch never sits in memory whole. Iterated once. A bound that names no message of the
/// conversation, and a stretch that holds none, are reported when it is opened, in words the
/// person can act on; a read failing half way ends the iteration and is kept in `failure`.
final class StoredStretch: Sequence, IteratorProtocol {
    /// The stretch's first message (opening it reads the first page, to know it has one).
    let first: Message
    /// The last message iterated so far (the stretch's last once iterated to the end).
    private(set) var last: Message?
    /// Why reading stopped early, if it did.
    private(set) var failure: StoreError?
    private var cursor: ConversationCursor
    private var page: [Message]
    private var index = 0

    init(store: ChatStore, conversation: Conversation, stretch: ConversationStretch, written: String) throws {
        (cursor, page) = try Self.open(store: store, conversation: conversation, stretch: stretch)
        guard let first = page.first else {
            throw Diagnostics.Failure(
                "\(written) holds no messages of the conversation \"\(conversation.title)\": banter render --conversation \(conversation.title) shows its messages"
            )
        }
        self.first = first
    }

    /// The cursor and its first page; a bound naming no message of the conversation is said
    /// in the person's words.
    private static func open(store: ChatStore, conversation: Conversation, stretch: ConversationStretch) throws
        -> (ConversationCursor, [Message])
    {
        let opened = Result { () throws(StoreError) in
            try store.cursor(conversationID: conversation.id, stretch: stretch)
        }
        if case .failure(.messageNotFound(let id)) = opened {
            throw Diagnostics.Failure(
                "there is no message #\(id) in the conversation \"\(conversation.title)\" (/ids on in banter chat shows ids, so does /search)"
            )
        }
        var cursor = try opened.get()
        let page = try cursor.next() ?? []
        return (cursor, page)
    }

    func next() -> Message? {
        if index == page.count {
            do {
                guard let more = try cursor.next() else { return nil }
                page = more
                index = 0
            } catch {
                failure = error
                return nil
            }
        }
        defer { index += 1 }
        last = page[index]
        return last
    }

    /// Throws `failure`, if reading stopped on one.
    func checkFinished() throws {
        if let failure { throw failure }
    }
}
