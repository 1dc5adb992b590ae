import BanterCore
import BanterTestSupport
import Testing

@testable import BanterStore

@Suite("Branches")
struct BranchStoreTests {
    /// A conversation of `count` messages, one a second, alternating me and them.
    private func conversation(_ count: Int) throws -> (ChatStore, Conversation, [Message]) {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        let messages = try store.append(
            contentsOf: (0..<count).map {
                NewMessage(
                    conversationID: conversation.id, sender: $0.isMultiple(of: 2) ? .me : .them, text: "m\($0)",
                    sentAt: at(Int64($0)))
            })
        return (store, conversation, messages)
    }

    /// Every message of the current branch, oldest first, read with the cursor and, page by
    /// page, upwards from the newest: both must agree.
    private func branch(_ store: ChatStore, _ conversation: Conversation, pageSize: Int = 3) throws -> [String] {
        var cursor = store.cursor(conversationID: conversation.id, pageSize: pageSize)
        var forward: [Message] = []
        while let page = try cursor.next() { forward += page }
        var page = try store.latestPage(conversationID: conversation.id, limit: pageSize)
        var backward = page.messages
        while !page.reachedBeginning, let oldest = page.messages.first {
            page = try store.page(before: oldest, limit: pageSize)
            backward = page.messages + backward
        }
        #expect(forward == backward)
        return forward.map(\.text)
    }

    private func say(_ store: ChatStore, _ conversation: Conversation, _ texts: [String], from second: Int64)
        throws -> [Message]
    {
        try store.append(
            contentsOf: texts.enumerated().map {
                NewMessage(conversationID: conversation.id, sender: .me, text: $1, sentAt: at(second + Int64($0)))
            })
    }

    @Test func aConversationThatNeverForkedIsOneStraightBranch() throws {
        let (store, conversation, messages) = try conversation(5)
        #expect(try branch(store, conversation) == messages.map(\.text))
        let branches = try store.branches(conversationID: conversation.id)
        #expect(branches == [Branch(storedID: nil, number: 1, name: nil, forkMessageID: nil, ownMessageCount: 5)])
        #expect(messages.allSatisfy { $0.parentID == nil })
    }

    @Test func aForkSharesThePrefixAndContinuesOnItsOwn() throws {
        let (store, conversation, messages) = try conversation(10)
        let fork = try store.fork(conversationID: conversation.id, at: messages[4].id)
        #expect(fork.number == 2 && fork.forkMessageID == messages[4].id)
        #expect(try branch(store, conversation) == ["m0", "m1", "m2", "m3", "m4"])
        let written = try say(store, conversation, ["a", "b"], from: 100)
        #expect(written.map(\.parentID) == [messages[4].id, written[0].id])
        #expect(try branch(store, conversation) == ["m0", "m1", "m2", "m3", "m4", "a", "b"])
        #expect(try store.messageCount(conversationID: conversation.id) == 12, "nothing was copied")

        try store.switchBranch(conversationID: conversation.id, to: "1")
        #expect(try branch(store, conversation) == messages.map(\.text))
        #expect(try store.lastMessage(conversationID: conversation.id, from: .me)?.text == "m8")
        try store.switchBranch(conversationID: conversation.id, to: "2")
        #expect(try store.lastMessage(conversationID: conversation.id, from: .me)?.text == "b")
        #expect(try store.branches(conversationID: conversation.id).map(\.ownMessageCount) == [10, 2])
    }

    @Test(arguments: [1, 2, 3, 50])
    func aForkOfAForkPagesAcrossEverySegment(pageSize: Int) throws {
        let (store, conversation, messages) = try conversation(6)
        try store.fork(conversationID: conversation.id, at: messages[3].id)
        let second = try say(store, conversation, ["a", "b", "c"], from: 50)
        try store.fork(conversationID: conversation.id, at: second[1].id)
        _ = try say(store, conversation, ["x"], from: 60)
        #expect(try branch(store, conversation, pageSize: pageSize) == ["m0", "m1", "m2", "m3", "a", "b", "x"])
        try store.fork(conversationID: conversation.id, at: messages[1].id)
        #expect(try branch(store, conversation, pageSize: pageSize) == ["m0", "m1"])
        try store.switchBranch(conversationID: conversation.id, to: "2")
        #expect(try branch(store, conversation, pageSize: pageSize) == ["m0", "m1", "m2", "m3", "a", "b", "c"])
    }

    @Test func newMessagesFromAnotherProcessAreThoseOfTheCurrentBranch() throws {
        let (store, conversation, messages) = try conversation(4)
        try store.fork(conversationID: conversation.id, at: messages[1].id)
        let mine = try say(store, conversation, ["fork"], from: 10)
        #expect(
            try store.messages(conversationID: conversation.id, insertedAfter: messages[0].id, limit: 10).map(\.id)
                == mine.map(\.id))
    }

    /// Every page is read on the branch the conversation shows now: a fork or switch made by
    /// another process shows at the next page (what any caching of branch paths must keep).
    @Test func pagesFollowBranchesAnotherProcessForksAndSwitches() throws {
        let folder = try TemporaryFolder()
        let reader = try ChatStore(path: folder.file("chat.sqlite"))
        let conversation = try reader.createConversation(title: "chat", createdAt: referenceTime)
        let messages = try say(reader, conversation, ["m0", "m1", "m2", "m3"], from: 0)
        let writer = try ChatStore(path: folder.file("chat.sqlite"))
        #expect(try branch(reader, conversation) == ["m0", "m1", "m2", "m3"])

        try writer.fork(conversationID: conversation.id, at: messages[1].id)
        #expect(try branch(reader, conversation) == ["m0", "m1"])
        _ = try say(writer, conversation, ["a"], from: 10)
        #expect(try branch(reader, conversation) == ["m0", "m1", "a"])
        try writer.switchBranch(conversationID: conversation.id, to: "1")
        #expect(try branch(reader, conversation) == ["m0", "m1", "m2", "m3"])
        try writer.fork(conversationID: conversation.id, at: messages[2].id)
        #expect(try branch(reader, conversation, pageSize: 50) == ["m0", "m1", "m2"])
        try writer.switchBranch(conversationID: conversation.id, to: "2")
        #expect(
            try reader.latestPage(conversationID: conversation.id, limit: 50).messages.map(\.text) == ["m0", "m1", "a"])
    }

    /// Rolling back gives branch ids again: a branch made after the rollback with the id of
    /// one made (and paged) before it is paged by its own segments.
    @Test func aBranchMadeAgainAfterARollbackPagesItsOwnSegments() throws {
        let store = try InMemoryTemplate().makeReusedStore()
        let conversation = try store.createConversation(title: "chat", createdAt: referenceTime)
        let messages = try say(store, conversation, ["m0", "m1", "m2", "m3"], from: 0)
        let opening = try #require(try store.savepoint("opening"))
        let first = try store.fork(conversationID: conversation.id, at: messages[2].id)
        #expect(try branch(store, conversation) == ["m0", "m1", "m2"])
        try store.rollBack(to: opening)
        #expect(try branch(store, conversation) == ["m0", "m1", "m2", "m3"])
        let again = try store.fork(conversationID: conversation.id, at: messages[0].id)
        #expect(again.storedID == first.storedID)
        #expect(try branch(store, conversation) == ["m0"])
    }

    @Test func badForksNamesAndSwitchesChangeNothing() throws {
        let (store, conversation, messages) = try conversation(4)
        let system = try store.append(conversationID: conversation.id, sender: .system, text: "joined", sentAt: at(9))
        try store.delete(messageID: messages[2].id, at: at(10))
        _ = try store.nameCurrentBranch(conversationID: conversation.id, name: "main")
        let before = try store.branches(conversationID: conversation.id)

        #expect(throws: StoreError.forkAtDeletedMessage(id: messages[2].id)) {
            try store.fork(conversationID: conversation.id, at: messages[2].id)
        }
        #expect(throws: StoreError.forkAtSystemLine(id: system.id)) {
            try store.fork(conversationID: conversation.id, at: system.id)
        }
        #expect(throws: StoreError.messageNotFound(id: 999)) {
            try store.fork(conversationID: conversation.id, at: 999)
        }
        #expect(throws: StoreError.branchNotFound(reference: "nope", known: ["\"main\""])) {
            try store.switchBranch(conversationID: conversation.id, to: "nope")
        }
        try store.fork(conversationID: conversation.id, at: messages[1].id)
        #expect(throws: StoreError.branchNameTaken(name: "main", number: 1)) {
            try store.nameCurrentBranch(conversationID: conversation.id, name: "main")
        }
        #expect(
            throws: StoreError.invalidBranchName(
                name: "3", reason: "a number is a branch's number (/switch N), so a name needs a letter")
        ) {
            try store.nameCurrentBranch(conversationID: conversation.id, name: "3")
        }
        #expect(try store.branches(conversationID: conversation.id).count == before.count + 1)
        #expect(try store.currentBranch(conversationID: conversation.id).number == 2)
        _ = try store.nameCurrentBranch(conversationID: conversation.id, name: "says no")
        #expect(try store.switchBranch(conversationID: conversation.id, to: "main").number == 1)
        #expect(try store.switchBranch(conversationID: conversation.id, to: "says no").number == 2)
    }

    /// A database written before branches opens as one straight branch, current, with its
    /// messages where they were.
    @Test func aVersion6DatabaseReadsAsOneStraightBranch() throws {
        let folder = try TemporaryFolder()
        let path = try oldDatabase(upTo: "v6-group-members", in: folder, texts: ("first", "second"))
        let store = try ChatStore(path: path)
        let conversation = try #require(try store.conversation(id: 1))
        #expect(try branch(store, conversation) == ["first", "second"])
        #expect(try store.currentBranch(conversationID: 1).number == 1)
        try store.fork(conversationID: 1, at: 1)
        #expect(try branch(store, conversation) == ["first"])
    }

    @Test func forkingAndSwitchingBringBackEachBranchsMemory() throws {
        let (store, conversation) = try ChatStore.inMemoryWithConversation()
        try store.setMemoryValue("1", conversationID: conversation.id, bot: "b.lua", key: "k")
        let messages = try store.append(
            contentsOf: (0..<3).map {
                NewMessage(conversationID: conversation.id, sender: .me, text: "m\($0)", sentAt: at(Int64($0)))
            })
        try store.setMemoryValue("2", conversationID: conversation.id, bot: "b.lua", key: "k")
        try store.setMemoryValue(nil, conversationID: conversation.id, bot: "b.lua", key: "gone")
        try store.fork(conversationID: conversation.id, at: messages[0].id)
        #expect(try store.allMemory(conversationID: conversation.id, bot: "b.lua") == ["k": "1"])
        try store.switchBranch(conversationID: conversation.id, to: "1")
        #expect(try store.allMemory(conversationID: conversation.id, bot: "b.lua") == ["k": "2"])
    }
}
