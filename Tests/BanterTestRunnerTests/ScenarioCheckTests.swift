import BanterLua
import BanterScenario
import BanterScript
import BanterTestSupport
import Foundation
import Testing

@testable import BanterTestRunner

/// What a worker reports for one scenario besides its verdict.
@Suite struct ScenarioCheckTests {
    @Test func reportsTheFilesTheScenarioAndItsBotRead() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("bots"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("scenarios"), withIntermediateDirectories: true)
        let module = try folder.write("bots/lines.lua", "return { hi = 'Hello!' }")
        let bot = try folder.write(
            "bots/bot.lua",
            """
            local lines = require "lines"
            bot { name = "B" }
            on_message(function(msg, chat) chat:reply(lines.hi) end)
            """)
        let scenario = try folder.write(
            "scenarios/talk.lua",
            """
            scenario { bot = "../bots/bot.lua" }
            me "hi"
            expect_reply "Hello!"
            """)
        let parts = try ScenarioCheck(limits: .default, reportsSourceFiles: true).run(scenario)
        #expect(parts.result.verdict == .passed)
        #expect(parts.sourceFiles == [scenario, bot, module])
        #expect(try ScenarioCheck(limits: .default).run(scenario).sourceFiles == nil, "only --watch asks for them")
    }

    @Test func aBotThatDoesNotLoadIsStillAFileToWatch() throws {
        let folder = try TemporaryFolder()
        let bot = try folder.write("bot.lua", "bot { name = ")
        let scenario = try folder.write("talk.lua", "scenario { bot = \"bot.lua\" }")
        let parts = try ScenarioCheck(limits: .default, reportsSourceFiles: true).run(scenario)
        #expect(parts.result.verdict.isError)
        #expect(parts.sourceFiles == [scenario, bot])
    }

    /// A worker puts bots (group members too) and scenario states back between scenarios;
    /// every example must give the verdict, and the golden transcript, of a fresh run.
    @Test func everyExampleRunsAsFreshWhenStatesAreReused() throws {
        let folder = Repository.url("examples/scenarios").path
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".lua") }
            .sorted().map { folder + "/" + $0 }
        let fresh = try scenarios.map { try ScenarioCheck(limits: .default).run($0).result.verdict }
        let worker = try ScenarioCheck(limits: .default)
        for _ in 0..<2 {
            #expect(scenarios.map { worker.run($0).result.verdict } == fresh)
        }
        #expect(worker.scenarioStates.reuses == 2 * scenarios.count - 1)
        #expect(worker.loadedBots.reuses > 0)
    }
}
