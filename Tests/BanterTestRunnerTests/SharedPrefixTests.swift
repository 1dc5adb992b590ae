import BanterLua
import BanterTestSupport
import Foundation
import Testing

@testable import BanterTestRunner

/// A worker runs a scenario's shared prefix once and starts each later leaf from the state
/// it left (`SharedPrefix`): every leaf must report what a run of its own reports, its
/// verdict, failures and golden transcript, whatever ran before it.
@Suite struct SharedPrefixTests {
    /// A bot whose answers depend on what it remembers, its random source, a Lua local and
    /// a delayed reply.
    static let bot = """
        bot { name = "Keeper" }
        local count = 0
        on("remember (%a+)", function(msg, chat, word)
          local words = chat.memory.words or {}
          words[#words + 1] = word
          chat.memory.words = words
          chat:reply("noted " .. word)
        end)
        on("^roll", function(msg, chat) chat:reply("rolled " .. math.random(1, 1000)) end)
        on("^count", function(msg, chat) count = count + 1; chat:reply("count " .. count) end)
        on("^words", function(msg, chat) chat:reply(table.concat(chat.memory.words or {}, " ")) end)
        on("^later", function(msg, chat) chat:reply("much later", { after = 30, typing = true }) end)
        """

    /// Leaves that would see the leaf before them if anything of the bot's state, the
    /// scenario's own globals, the store or the clock leaked from one to the next.
    static let scenario = """
        scenario { bot = "../bots/keeper.lua", seed = 3, start = "2026-11-20 19:00" }
        rolls = 0
        me "remember apples"
        expect_reply "noted apples"
        me "roll"
        expect_reply(function(text) rolls = rolls + 1; return text:find("rolled") ~= nil end)
        me "count"
        expect_reply "count 1"

        branch "words" {
          me "remember pears",
          expect_reply "noted pears",
          me "count",
          expect_reply "count 2",
          me "words",
          expect_reply "apples pears",
          wait "3h",
        }
        branch "roll again" {
          me "roll",
          expect_reply(function(text) rolls = rolls + 1; return rolls == 2 end),
          branch "count" { me "count", expect_reply "count 2" },
          branch "later" { me "later", expect_reply { text = "much later", within = "2m" } },
        }
        branch "fails" {
          me "words",
          expect_reply "apples pears",
          me "later",
        }
        """

    /// The prefix ends with a reply still on its way: nothing is kept, each leaf runs it.
    static let busyPrefix = """
        scenario { bot = "../bots/keeper.lua" }
        me "later"
        branch "waits" { expect_reply "much later" }
        branch "talks over it" { me "count", expect_reply "count 1" }
        """

    private func suite() throws -> (folder: TemporaryFolder, scenarios: [String]) {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("bots"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.file("scenarios"), withIntermediateDirectories: true)
        _ = try folder.write("bots/keeper.lua", Self.bot)
        let scenarios = [
            try folder.write("scenarios/keeper.lua", Self.scenario),
            try folder.write("scenarios/busy.lua", Self.busyPrefix),
        ]
        return (folder, scenarios)
    }

    /// The transcripts `--update` wrote in a suite's folder, by name.
    private func transcripts(in folder: TemporaryFolder) throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.file("scenarios"))
            .filter { $0.hasSuffix(".transcript") }
        return try Dictionary(
            uniqueKeysWithValues: names.map {
                ($0, try String(contentsOfFile: folder.file("scenarios/" + $0), encoding: .utf8))
            })
    }

    @Test func everyLeafReportsWhatItsOwnRunReports() throws {
        let (shared, sharedScenarios) = try suite()
        let (own, ownScenarios) = try suite()
        let sharedEntries = ScenarioCase.expand(sharedScenarios, limits: .default)
        let ownEntries = ScenarioCase.expand(ownScenarios, limits: .default)
        #expect(sharedEntries.count == 6)

        let worker = try ScenarioCheck(limits: .default, transcripts: .update)
        let sharedVerdicts = sharedEntries.map { worker.run($0).result.verdict }
        // Each leaf on a worker of its own: the prefix run again, as a copy of it would be.
        let ownVerdicts = try ownEntries.map {
            try ScenarioCheck(limits: .default, transcripts: .update).run($0).result.verdict
        }
        #expect(sharedVerdicts == ownVerdicts)
        #expect(worker.prefixReuses == 3, "the keeper's last three leaves start from its prefix; busy.lua's never")
        #expect(sharedVerdicts.filter { $0 == .passed }.count == 5)
        if case .failed(let failures) = sharedVerdicts[3] {
            #expect(failures.map(\.message) == [#"expected reply "apples pears", got "apples""#])
        } else {
            Issue.record("the leaf \"fails\" did not fail: \(sharedVerdicts[3])")
        }

        let sharedTranscripts = try transcripts(in: shared)
        #expect(sharedTranscripts.count == 6)
        #expect(sharedTranscripts == (try transcripts(in: own)))

        // Compared now instead of written: the leaves that start from the prefix go on from
        // its transcript, in any order.
        let comparing = try ScenarioCheck(limits: .default)
        let again = sharedEntries.reversed().map { comparing.run($0).result.verdict }
        #expect(Array(again.reversed()) == sharedVerdicts)
        #expect(comparing.prefixReuses == 3)
    }

    @Test func aChangedScenarioIsLoadedAgain() throws {
        let (folder, scenarios) = try suite()
        let entries = ScenarioCase.expand([scenarios[0]], limits: .default)
        let worker = try ScenarioCheck(limits: .default)
        #expect(worker.run(entries[0]).result.verdict == .passed)
        _ = try folder.write("scenarios/keeper.lua", Self.scenario.replacingOccurrences(of: "count 1", with: "count 9"))
        guard case .failed = worker.run(entries[1]).result.verdict else {
            Issue.record("the changed prefix was not run again")
            return
        }
        #expect(worker.prefixReuses == 0)
    }
}
