import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScenario
@testable import BanterScript

/// The catalogue (`LuaAPI`) and the runtime must agree: every function, method and field a
/// bot or scenario can reach is defined there, every definition is registered, and every
/// option check lists the catalogue's keys.
@Suite struct APICatalogueTests {
    private func names(_ functions: [APIFunction]) -> Set<String> { Set(functions.map(\.name)) }

    private var sandbox: Set<String> {
        get throws { Set(try SandboxGlobals.read().keys) }
    }

    @Test func botGlobalsAreExactlyTheCatalogues() throws {
        let bot = try makeBot("bot { name = \"B\" }", host: TestHost())
        let registered = Set(bot.bot.state.builtinGlobals().keys).subtracting(try sandbox)
        #expect(registered == names(BotAPI.catalogue.globals))
    }

    @Test func scenarioGlobalsAreExactlyTheCatalogues() throws {
        let folder = try ScriptFolder()
        let path = folder.write("talk.lua", "scenario { }")
        let script = try ScenarioScript(path: path, limits: testLimits)
        let registered = Set(script.state.builtinGlobals().keys).subtracting(try sandbox)
        #expect(registered == names(ScenarioAPI.catalogue.globals))
    }

    @Test func chatObjectIsExactlyTheCatalogues() throws {
        let bot = try makeBot("bot { name = \"B\" }", host: TestHost())
        let chat = try #require(BotAPI.catalogue.class("BanterChat"))
        // `participants` is read through the table's metatable, afresh each time.
        let keys = Set(bot.bot.state.keys(of: bot.bot.chat)).union(["participants"])
        #expect(keys == names(chat.methods).union(chat.fieldNames))
    }

    @Test func messageTableIsExactlyTheCatalogues() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on_message(function(msg, chat)
              local keys = {}
              for key in pairs(msg) do keys[#keys + 1] = key end
              table.sort(keys)
              chat:reply(table.concat(keys, ","))
            end)
            """, host: host)
        host.say("hi", to: bot)
        let message = try #require(BotAPI.catalogue.class("BanterMessage"))
        let required = message.fields.filter { !$0.isOptional }.map(\.name)
        #expect(
            host.replyTexts == [required.sorted().joined(separator: ",")], "a plain message has the required fields")

        // The optional fields, on the messages that have them (edited and deleted exclude
        // each other), the declared fields (`MessageField.all`) included.
        let time = host.now
        var full = Message(
            id: 7, conversationID: 1, sender: .me, text: "see @nobody", sentAt: time,
            attachment: Attachment(
                fileName: "a.png", mediaType: "image/png", byteCount: 3, pixelSize: PixelSize(width: 1, height: 1)),
            quote: Quote(messageID: 1, sender: .them, excerpt: "q"),
            reactions: [Reaction(emoji: "👍", sender: .them, reactedAt: time)], editedAt: time,
            fields: .samples(messageID: 1))
        bot.received(full)
        full.deletedAt = time
        bot.received(full)
        let seen = Set(host.replyTexts.dropFirst().flatMap { $0.split(separator: ",").map(String.init) })
        // `msg.button` is set on a pick alone, which comes through `on_button` (BotActionsTests).
        #expect(seen == Set(message.fieldNames).subtracting(["button"]))
    }

    /// The option checks written in Lua (BotSupport) list the catalogue's keys too.
    @Test func luaSideOptionChecksListTheCataloguesKeys() throws {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            local ok, problem = pcall(on, "x", function() end, { nope = true })
            local on_problem = problem
            on_message(function(msg, chat)
              local _, ask_problem = pcall(chat.ask, chat, nil, { nope = true })
              chat:reply(on_problem)
              chat:reply(ask_problem)
            end)
            """, host: host)
        host.say("hi", to: bot)
        let on = try #require(BotAPI.catalogue.class("OnOptions"))
        let ask = try #require(BotAPI.catalogue.class("AskOptions"))
        #expect(host.replyTexts.count == 2)
        #expect(host.replyTexts.first?.hasSuffix("(known: \(on.fieldNames.joined(separator: ", ")))") == true)
        #expect(host.replyTexts.last?.hasSuffix("(known: \(ask.fieldNames.joined(separator: ", ")))") == true)
    }

    @Test func swiftSideOptionChecksListTheCataloguesKeys() throws {
        let bot = try #require(BotAPI.catalogue.class("BotOptions"))
        #expect(
            loadError("bot { nmae = \"B\" }")?.contains("(known: \(bot.fieldNames.joined(separator: ", ")))") == true)
        let folder = try ScriptFolder()
        let path = folder.write("talk.lua", "scenario { wdith = 3 }")
        let options = try #require(ScenarioAPI.catalogue.class("ScenarioOptions"))
        #expect(throws: ScriptError.self) { try ScenarioScript(path: path, limits: testLimits) }
        do {
            _ = try ScenarioScript(path: path, limits: testLimits)
        } catch {
            #expect(error.description.contains("(known: \(options.fieldNames.joined(separator: ", ")))"))
        }
    }

    /// Every option class a parameter or field names is in the same catalogue, so the
    /// generated annotations and `banter check` never refer to a missing class.
    @Test func everyNamedClassIsDefined() {
        for api in LuaAPI.all {
            let classes = Set(api.classes.map(\.name))
            #expect(classes.count == api.classes.count, "a class is defined twice in the \(api.kind) API")
            let functions = api.globals + api.classes.flatMap(\.methods)
            for function in functions {
                for parameter in function.parameters {
                    if let name = parameter.optionsClass {
                        #expect(classes.contains(name), "\(function.name): \(name)")
                    }
                }
            }
            #expect(names(api.globals).count == api.globals.count, "a global is defined twice in the \(api.kind) API")
            for function in functions { #expect(!function.doc.isEmpty, "\(function.name) has no doc") }
        }
    }
}
