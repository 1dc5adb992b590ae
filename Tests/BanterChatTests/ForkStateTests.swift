import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// After a fork the branch is the conversation: the clock is back at the fork message's
/// time and the bot remembers what it did there, plus what it remembers since; switching
/// branches brings each branch's memory back.
@Suite struct ForkStateTests {
    static let bot = """
        bot { name = "Counter" }
        on("^count", function(msg, chat)
            chat.memory.n = (chat.memory.n or 0) + 1
            chat:reply("n=" .. chat.memory.n)
        end)
        on("^name (.*)", function(msg, chat, name) chat.memory.name = name; chat:reply("hi " .. name) end)
        on("^show", function(msg, chat)
            chat:reply("n=" .. tostring(chat.memory.n) .. " name=" .. tostring(chat.memory.name))
        end)
        """

    private func session(_ folder: TemporaryFolder) throws -> (ChatSession, VirtualClock) {
        let script = try folder.write("counter.lua", Self.bot)
        let clock = VirtualClock(start: SessionFixture.start)
        let session = try ChatSession(
            store: try ChatStore(path: folder.file("chat.sqlite")), clock: clock, title: "c", botScriptPath: script,
            options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!))
        return (session, clock)
    }

    @Test func aForkGoesBackToTheMemoryAndTimeOfItsMessage() throws {
        let folder = try TemporaryFolder()
        let (session, clock) = try session(folder)
        try session.send("count")
        clock.advance(by: .seconds(60))
        try session.send("name Ann")
        let forkPoint = try #require(session.messages.last)
        #expect(forkPoint.text == "hi Ann")
        clock.advance(by: .seconds(60))
        try session.send("count")
        clock.advance(by: .seconds(60))
        try session.send("name Bea")
        #expect(session.messages.last?.text == "hi Bea")

        try session.fork(at: .id(forkPoint.id))
        #expect(clock.now == forkPoint.sentAt)
        try session.send("show")
        #expect(session.messages.last?.text == "n=1 name=Ann")
        #expect(session.messages.last!.sentAt >= forkPoint.sentAt)
        #expect(session.messages.last!.sentAt < forkPoint.sentAt + .seconds(60))
        try session.send("count")
        #expect(session.messages.last?.text == "n=2")

        try session.switchBranch(to: "1")
        try session.send("show")
        #expect(session.messages.last?.text == "n=2 name=Bea")
        try session.switchBranch(to: "2")
        try session.send("show")
        #expect(session.messages.last?.text == "n=2 name=Ann")
    }

    @Test func aRetryAnswersWithTheMemoryOfBeforeTheMessage() throws {
        let folder = try TemporaryFolder()
        let (session, _) = try session(folder)
        try session.send("count")
        try session.send("count")
        #expect(session.messages.last?.text == "n=2")
        try session.retry()
        try session.settle()
        #expect(session.messages.last?.text == "n=2")
        #expect(session.messages.map(\.text) == ["count", "n=1", "count", "n=2"])
    }

    @Test func aForkOfAForkStartsFromTheMemoryOnItsOwnBranch() throws {
        let folder = try TemporaryFolder()
        let (session, _) = try session(folder)
        try session.send("count")
        let first = try #require(session.messages.last)
        try session.send("count")
        try session.fork(at: .id(first.id))
        try session.send("name Cy")
        let second = try #require(session.messages.last)
        try session.send("count")
        try session.send("name Di")
        try session.fork(at: .id(second.id))
        try session.send("show")
        #expect(session.messages.last?.text == "n=1 name=Cy")
    }
}
