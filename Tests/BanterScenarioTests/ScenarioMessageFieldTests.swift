import BanterChat
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario
@testable import BanterScript

/// `expect_reply { … }` with the keys of declared message fields (`MessageField.scenarioKey`).
@Suite struct ScenarioMessageFieldTests {
    private func run(_ steps: String) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write(
            "bot.lua", #"bot { name = "Echo" } fallback(function(msg, chat) chat:reply("echo: " .. msg.text) end)"#)
        let path = try folder.write(
            "talk.lua", "scenario { start = \"2026-11-20 19:00\", bot = \"bot.lua\" }\n" + steps)
        let runner = try ScenarioRunner(script: try ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
        return try runner.run().map(\.description)
    }

    @Test func aDeclaredFieldIsCheckedAndNamedInTheFailure() throws {
        #expect(try run("me \"hi\"\nexpect_reply { text = \"echo: hi\" }\n").isEmpty)
        let failures = try run("me \"hi\"\nexpect_reply { text = \"echo: hi\", participant = \"Triage\" }\n")
        #expect(failures.count == 1)
        #expect(failures.first?.contains(#"with participant = "Triage""#) == true, "\(failures)")
        #expect(failures.first?.contains("talk.lua:3") == true, "\(failures)")
    }

    @Test func aValueOfTheWrongKindIsALoadError() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("talk.lua", "scenario { }\nexpect_reply { participant = 3 }\n")
        #expect(throws: (any Error).self) { try ScenarioScript(path: path) }
        do {
            _ = try ScenarioScript(path: path)
        } catch {
            #expect("\(error)".contains("expect_reply: participant must be a string, got number"), "\(error)")
        }
    }
}
