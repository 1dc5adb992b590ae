import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// Siblings in a session: a retry's answers and an edit on a new branch are siblings, the
/// window knows where each stands, and moving between them shows each one's branch.
@Suite struct SiblingSessionTests {
    static let bot = """
        bot { name = "Echo" }
        on(".*", function(msg, chat) chat:reply("echo " .. msg.text .. " " .. math.random(1000)) end)
        """

    private func session() throws -> ChatSession {
        let folder = try TemporaryFolder()
        let script = try folder.write("echo.lua", Self.bot)
        return try ChatSession(
            store: try ChatStore(path: folder.file("chat.sqlite")), clock: VirtualClock(start: SessionFixture.start),
            title: "s", botScriptPath: script, options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!))
    }

    @Test func retriedAnswersAreSiblingsAndSwitchingShowsEach() throws {
        let session = try session()
        try session.send("hello")
        #expect(session.siblings.isEmpty)
        let first = try #require(session.messages.last)
        try session.retry()
        try session.settle()
        try session.retry()
        try session.settle()
        let third = try #require(session.messages.last)
        #expect(session.siblings[third.id]?.label == "3/3")
        #expect(session.siblings[third.id]?.ids.first == first.id)

        try session.switchSibling(forward: false)
        #expect(session.siblings[session.messages.last!.id]?.label == "2/3")
        try session.switchSibling(forward: false)
        #expect(session.messages.last?.id == first.id)
        #expect(session.siblings[first.id]?.label == "1/3")
        #expect(try session.currentBranch().number == 1)
        #expect(throws: ChatError.self) { try session.switchSibling(forward: false) }
        try session.switchSibling(forward: true)
        #expect(session.siblings[session.messages.last!.id]?.label == "2/3")
    }

    /// A second `/retry` of one message made from the first branch again answers differently
    /// from the first retry (each branch forked there is seeded by its attempt), and a session
    /// that asks for that attempt directly, as a saved scenario's `retry(2)` does, draws the
    /// same answer.
    @Test func aSecondRetryOfTheSameMessageDrawsAnewAndItsAttemptReplaysIt() throws {
        let session = try session()
        try session.send("hello")
        try session.retry()
        try session.settle()
        let firstRetry = try #require(session.messages.last?.text)
        try session.switchBranch(to: "1")
        try session.retry()
        try session.settle()
        let secondRetry = try #require(session.messages.last?.text)
        #expect(firstRetry != secondRetry)

        let replay = try self.session()
        try replay.send("hello")
        try replay.retry(attempt: 2)
        try replay.settle()
        #expect(replay.messages.last?.text == secondRetry)
        let again = try self.session()
        try again.send("hello")
        try again.retry()
        try again.settle()
        #expect(again.messages.last?.text == firstRetry)
    }

    @Test func anEditOnABranchIsASiblingOfTheMessage() throws {
        let session = try session()
        try session.send("one")
        try session.send("two")
        let two = try #require(session.messages.first { $0.text == "two" })
        try session.editAsBranch(.newest, text: "deux")
        try session.settle()
        let texts = session.messages.map(\.text)
        #expect(texts.count == 4 && texts[2] == "deux" && texts[3].hasPrefix("echo deux"))
        let deux = session.messages[2]
        #expect(session.siblings[deux.id] == Siblings(ids: [two.id, deux.id], index: 1))
        #expect(try session.message(id: two.id)?.isEdited == false, "the first version stays as it was")
        #expect(throws: ChatError.self) { try session.editAsBranch(.newest, text: "  ") }
    }

    @Test func theFirstMessageHasNothingToForkBefore() throws {
        let session = try session()
        try session.send("first")
        #expect(throws: ChatError.self) { try session.editAsBranch(.newest, text: "again") }
        #expect(try session.branches().count == 1)
    }

    @Test func withoutSiblingsThereIsNothingToSwitchTo() throws {
        let session = try session()
        try session.send("hi")
        #expect(throws: ChatError.self) { try session.switchSibling(forward: true) }
    }
}
