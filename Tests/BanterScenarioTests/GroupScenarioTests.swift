import BanterChat
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// Group scenarios: `participants { … }`, `as "Bob" "text"`, `expect_reply { from = … }`
/// and the `turns` and `turn_budget` settings.
@Suite struct GroupScenarioTests {
    static let echo = #"bot { name = "Echo" } on_message(function(msg, chat) chat:reply("echo: " .. msg.text) end)"#
    static let parrot =
        #"bot { name = "Parrot" } on_message(function(msg, chat) chat:reply("parrot: " .. msg.text) end)"#

    private func run(_ settings: String = "", _ steps: String) throws -> [String] {
        let folder = try TemporaryFolder()
        try folder.write("echo.lua", Self.echo)
        try folder.write("parrot.lua", Self.parrot)
        let path = try folder.write(
            "talk.lua", "scenario { start = \"2026-11-20 19:00\"\(settings) }\n" + steps)
        let runner = try ScenarioRunner(script: try ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
        return try runner.run().map(\.description)
    }

    private func loadError(_ steps: String) throws -> String? {
        let folder = try TemporaryFolder()
        let path = try folder.write("talk.lua", "scenario { }\n" + steps)
        do {
            _ = try ScenarioScript(path: path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func repliesAreCheckedWithTheirSender() throws {
        let steps = """
            participants { { bot = "echo.lua" }, { bot = "parrot.lua", name = "Polly" }, "Bob" }
            as "Bob" "hi"
            expect_reply { from = "Echo", text = "echo: hi" }
            expect_reply { from = "Polly", text = "parrot: hi" }
            """
        #expect(try run(", turns = \"all\", turn_budget = 2", steps).isEmpty)
        let failures = try run(
            ", turn_budget = 2",
            "participants { { bot = \"echo.lua\" } }\nme \"x\"\nexpect_reply { from = \"Polly\", text = \"echo: x\" }\n"
        )
        #expect(failures.count == 1)
        #expect(failures.first?.contains("talk.lua:4") == true, "\(failures)")
    }

    @Test func theTurnPolicyAndBudgetAreSettings() throws {
        let steps = """
            participants { { bot = "echo.lua" }, { bot = "parrot.lua" } }
            me "hi @Parrot"
            expect_reply { from = "Parrot", text = "parrot: hi @Parrot" }
            expect_no_reply "1m"
            """
        #expect(try run(", turns = \"mention\"", steps).isEmpty)
        let budget = """
            participants { { bot = "echo.lua" }, { bot = "parrot.lua" } }
            me "hi"
            expect_reply { from = "Echo", text = "echo: hi" }
            expect_reply { from = "Parrot", text = "parrot: hi" }
            expect_reply { from = "Parrot", text = "parrot: echo: hi" }
            expect_no_reply "1m"
            """
        #expect(try run(", turn_budget = 3", budget).isEmpty)
    }

    @Test func badGroupStepsSayWhatIsWrong() throws {
        #expect(try loadError("participants { }")?.contains("participants: give a list of participants") == true)
        #expect(
            try loadError("participants { 3 }")?.contains("participants: participant 1 must be a name or a table")
                == true)
        #expect(
            try loadError("participants { { bot = \"a.lua\", person = \"Bob\" } }")?.contains("give bot = ") == true)
        #expect(try loadError("as(\"Bob\", 3)")?.contains("as: write the person's name, then the text") == true)
        #expect(try loadError("scenario { turns = \"x\" }") != nil)
        #expect {
            try run("", "participants { \"Bob\" }\nas \"Zed\" \"hi\"\n")
        } throws: { error in
            "\(error)".contains("talk.lua:3: as \"Zed\": there is nobody named \"Zed\" in this group: it has Bob")
        }
    }
}
