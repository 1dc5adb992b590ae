import BanterCore
import BanterTestSupport
import Testing

@testable import BanterStore

/// The tree of every branch an HTML export draws (`ChatStore.branchTree`): stretches split
/// at each branch point, the alternatives in the chat's sibling order, then one for the
/// branches that end there, and the shown alternative following the current branch.
@Suite("Branch tree")
struct BranchTreeTests {
    /// A conversation of `count` messages m0, m1, … one a second.
    private func conversation(_ count: Int) throws -> (ChatStore, Conversation, [Message]) {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let messages = try say(store, conversation, (0..<count).map { "m\($0)" }, from: 0)
        return (store, conversation, messages)
    }

    private func say(_ store: ChatStore, _ conversation: Conversation, _ texts: [String], from second: Int64)
        throws -> [Message]
    {
        try store.append(
            contentsOf: texts.enumerated().map {
                NewMessage(conversationID: conversation.id, sender: .me, text: $1, sentAt: at(second + Int64($0)))
            })
    }

    /// The tree in one line, each stretch read two messages a page: texts, then at a branch
    /// point `{…|…}` with the shown alternative starred and those ending named by number.
    private func outline(_ store: ChatStore, _ conversation: Conversation) throws -> String? {
        try store.branchTree(conversationID: conversation.id).map { try outline($0, store, conversation) }
    }

    private func outline(_ tree: BranchTree, _ store: ChatStore, _ conversation: Conversation) throws -> String {
        var stretch = tree.stretch
        var texts: [String] = []
        while case let page = try store.messages(conversationID: conversation.id, in: stretch, limit: 2),
            let last = page.last
        {
            texts += page.map(\.text)
            stretch.after = BranchTree.Position(of: last)
        }
        guard let fork = tree.fork else { return texts.joined(separator: " ") }
        let ways = try fork.alternatives.enumerated().map { index, alternative in
            let star = index == fork.shown ? "*" : ""
            guard let below = alternative.tree, let first = alternative.first else {
                return star + "end " + alternative.branches.map { "\($0.number)" }.joined(separator: ",")
            }
            let drawn = try outline(below, store, conversation)
            #expect(drawn.hasPrefix(first.text), "the alternative starts with its first message")
            return star + drawn
        }
        return texts.joined(separator: " ") + " {" + ways.joined(separator: " | ") + "}"
    }

    @Test func aConversationThatNeverForkedHasNoTree() throws {
        let (store, conversation, _) = try conversation(3)
        #expect(try outline(store, conversation) == nil)
        _ = try store.nameCurrentBranch(conversationID: conversation.id, name: "main")
        #expect(try outline(store, conversation) == nil, "a label alone is no fork")
    }

    @Test func aForkSplitsTheLaneAndTheCurrentBranchIsShown() throws {
        let (store, conversation, messages) = try conversation(6)
        try store.fork(conversationID: conversation.id, at: messages[2].id)
        _ = try say(store, conversation, ["a", "b"], from: 100)
        #expect(try outline(store, conversation) == "m0 m1 m2 {m3 m4 m5 | *a b}")
        try store.switchBranch(conversationID: conversation.id, to: "1")
        #expect(try outline(store, conversation) == "m0 m1 m2 {*m3 m4 m5 | a b}")
    }

    /// Branch 2 forked at m2 (x, y), branch 3 at x (z), branch 4 at m1 with nothing written:
    /// the current branch 3 is shown at both of its branch points, and the empty branch is
    /// the last alternative where it was forked.
    @Test func nestedForksAndAnEmptyBranch() throws {
        let (store, conversation, messages) = try conversation(5)
        try store.fork(conversationID: conversation.id, at: messages[2].id)
        let x = try say(store, conversation, ["x", "y"], from: 100)
        try store.fork(conversationID: conversation.id, at: x[0].id)
        _ = try say(store, conversation, ["z"], from: 200)
        try store.fork(conversationID: conversation.id, at: messages[1].id)
        try store.switchBranch(conversationID: conversation.id, to: "3")
        #expect(try outline(store, conversation) == "m0 m1 {*m2 {m3 m4 | *x {y | *z}} | end 4}")
        try store.switchBranch(conversationID: conversation.id, to: "2")
        #expect(try outline(store, conversation) == "m0 m1 {*m2 {m3 m4 | *x {*y | z}} | end 4}")
        try store.switchBranch(conversationID: conversation.id, to: "4")
        #expect(try outline(store, conversation) == "m0 m1 {m2 {*m3 m4 | x {*y | z}} | *end 4}")
    }

    /// A fork at a branch's newest message: the branch ends there, an alternative of its own.
    @Test func aForkAtTheNewestMessage() throws {
        let (store, conversation, messages) = try conversation(3)
        try store.fork(conversationID: conversation.id, at: messages[2].id)
        _ = try say(store, conversation, ["a"], from: 100)
        try store.switchBranch(conversationID: conversation.id, to: "1")
        #expect(try outline(store, conversation) == "m0 m1 m2 {a | *end 1}")
        try store.fork(conversationID: conversation.id, at: messages[2].id)
        #expect(try outline(store, conversation) == "m0 m1 m2 {a | *end 1,3}", "two branches end at m2")
    }

    /// Every branch forked at the same message (retries): alternatives oldest first, as the
    /// chat numbers the siblings; branches forked where nothing follows draw nothing.
    @Test func siblingsAtOneMessageInTheChatsOrder() throws {
        let (store, conversation, messages) = try conversation(3)
        for text in ["r1", "r2"] {
            try store.fork(conversationID: conversation.id, at: messages[0].id)
            _ = try say(store, conversation, [text], from: 100)
        }
        #expect(try outline(store, conversation) == "m0 {m1 m2 | r1 | *r2}")
        try store.fork(conversationID: conversation.id, at: messages[2].id)
        #expect(try outline(store, conversation) == "m0 {*m1 m2 | r1 | r2}", "the new empty branch is current")
    }
}
