import BanterCore
import CLua
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScript

/// A bot's memory is saved after a handler only when it changed, which the runtime tells by
/// a byte image of `chat.memory` (`LuaState.image`) before encoding it: a change made in
/// place, deep in a table, must still be saved, and an image must never stand for a value
/// it does not describe.
struct MemoryImageTests {
    @Test func changesMadeInPlaceAreSaved() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              chat.memory.seen = chat.memory.seen or { texts = {} }
              table.insert(chat.memory.seen.texts, msg.text)
              if msg.text == "float" then chat.memory.seen.n = 1.0 else chat.memory.seen.n = 1 end
            end)
            """, host: host)
        host.say("a", to: bot)
        #expect(host.memory["seen"] == #"{"n":1,"texts":["a"]}"#)
        host.say("b", to: bot)
        #expect(host.memory["seen"] == #"{"n":1,"texts":["a","b"]}"#)
        host.say("float", to: bot)
        #expect(host.memory["seen"] == #"{"n":1.0,"texts":["a","b","float"]}"#)
        #expect(host.memorySaves == 3)
    }

    @Test func whatOneHandlerChangedIsSavedInOneCall() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("set", function(msg, chat) chat.memory.a = 1; chat.memory.b = 2; chat.memory.c = 3 end)
            on("drop", function(msg, chat) chat.memory.a = nil; chat.memory.b = 20 end)
            """, host: host)
        host.say("set", to: bot)
        #expect(host.memory == ["a": "1", "b": "2", "c": "3"])
        #expect(host.memorySaves == 3)
        #expect(host.memoryBatches == 1)
        host.say("drop", to: bot)
        #expect(host.memory == ["b": "20", "c": "3"])
        #expect(host.memorySaves == 5)
        #expect(host.memoryBatches == 2)
    }

    @Test func aRefusedSaveIsTriedAgainWhole() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("set", function(msg, chat) chat.memory.a = 1; chat.memory.b = 2 end)
            on("more", function(msg, chat) chat.memory.c = 3 end)
            """, host: host)
        host.refusesMemory = true
        host.say("set", to: bot)
        #expect(host.failures.count == 1)
        #expect(host.failures.first?.contains("the bot's memory could not be saved") == true)
        host.refusesMemory = false
        host.say("more", to: bot)
        #expect(host.memory == ["a": "1", "b": "2", "c": "3"])
        #expect(host.memoryBatches == 1)
    }

    @Test func memoryPutBackByABranchIsComparedAgain() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("one", function(msg, chat) chat.memory.n = 1 end)
            """, host: host)
        host.say("one", to: bot)
        #expect(host.memory == ["n": "1"])
        // Another branch remembered 2; the same handler there must save its 1 again.
        bot.movedToBranch(memory: ["n": "2"])
        host.memory = ["n": "2"]
        host.say("one", to: bot)
        #expect(host.memory == ["n": "1"])
        #expect(host.memorySaves == 2)
    }

    @Test func imagesTellValuesApart() throws {
        let state = try LuaState(limits: testLimits, now: { TestHost.start })
        try state.run(
            source: """
                same1 = { name = "Sam", likes = { "climbing", "sea" }, n = 3, ok = true }
                same2 = { name = "Sam", likes = { "climbing", "sea" }, n = 3, ok = true }
                float = { name = "Sam", likes = { "climbing", "sea" }, n = 3.0, ok = true }
                deeper = { name = "Sam", likes = { "climbing", "sea", "x" }, n = 3, ok = true }
                holder = { same1 = same1, same2 = same2, float = float, deeper = deeper, f = { print }, loop = {} }
                holder.loop.self = holder.loop
                """, chunkName: "values.lua")
        let holder = try #require(state.field(LuaRef(id: Int32(LUA_RIDX_GLOBALS)), "holder"))
        func image(_ key: String) -> [UInt8]? {
            var bytes: [UInt8] = []
            return state.image(of: holder, key, into: &bytes) ? bytes : nil
        }
        let same = try #require(image("same1"))
        #expect(image("same2") == same)
        #expect(image("float") != same)
        #expect(image("deeper") != same)
        #expect(image("f") == nil)
        #expect(image("loop") == nil)
        #expect(image("missing") == [0])
    }
}
