import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// A bot forgetting a key (`chat.memory.x = nil`) is saved like remembering one: after the
/// database is closed and opened again, the key is gone and the others are still there.
@Suite struct MemoryDeletionTests {
    static let bot = """
        bot { name = "Keeper" }
        on("^set", function(msg, chat) chat.memory.x = "kept"; chat.memory.y = 1 end)
        on("^forget", function(msg, chat) chat.memory.x = nil end)
        on("^show", function(msg, chat) chat:reply("x=" .. tostring(chat.memory.x) .. " y=" .. tostring(chat.memory.y)) end)
        """

    @Test func aForgottenKeyStaysForgottenAfterReopening() throws {
        let folder = try TemporaryFolder()
        let database = folder.file("chat.sqlite")
        let script = try folder.write("keeper.lua", Self.bot)
        let options = ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!)
        let clock = VirtualClock(start: SessionFixture.start)
        do {
            let session = try ChatSession(
                store: try ChatStore(path: database), clock: clock, title: "k", botScriptPath: script, options: options)
            try session.send("set")
            try session.send("show")
            #expect(session.messages.last?.text == "x=kept y=1")
            try session.send("forget")
        }
        let reopened = try ChatSession(
            store: try ChatStore(path: database), clock: clock, title: "k", botScriptPath: script, options: options)
        try reopened.send("show")
        #expect(reopened.messages.last?.text == "x=nil y=1")
    }
}
