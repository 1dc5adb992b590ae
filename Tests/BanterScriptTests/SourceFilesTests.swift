import BanterCore
import Foundation
import Testing

@testable import BanterScenario
@testable import BanterScript

/// The files a loaded bot or scenario read: what live reload and `banter test --watch`
/// watch.
@Suite struct SourceFilesTests {
    @Test func aBotReadsItsScriptAndEveryModuleItRequired() throws {
        let folder = try ScriptFolder()
        let module = folder.write("lines/greetings.lua", "return { hello = require 'shared' }")
        let shared = folder.write("shared.lua", "return 'hi'")
        let script = folder.write(
            "bot.lua",
            """
            local greetings = require "lines.greetings"
            pcall(require, "not_there")
            bot { name = "B" }
            on_message(function(msg, chat) chat:reply((require("late"))) end)
            """)
        let late = folder.write("late.lua", "return 'late'")
        let host = TestHost()
        let bot = try BotRuntime(scriptPath: script, limits: testLimits, host: host)
        let missing = ["not_there.lua", "not_there/init.lua"].map {
            folder.url.appendingPathComponent($0).standardizedFileURL.path
        }
        let absolute = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        #expect(bot.sourceFiles == ([script, module, shared] + missing).map(absolute))
        host.say("hi", to: bot)
        #expect(host.replyTexts == ["late"])
        #expect(bot.sourceFiles.last == absolute(late))
    }

    @Test func aScenarioReadsItsFileAndItsModules() throws {
        let folder = try ScriptFolder()
        let steps = folder.write("steps.lua", "return function() me 'hi' end")
        let path = folder.write("talk.lua", "scenario { }\nrequire('steps')()")
        let script = try ScenarioScript(path: path, limits: testLimits)
        #expect(script.sourceFiles == [path, steps].map { URL(fileURLWithPath: $0).standardizedFileURL.path })
    }
}
