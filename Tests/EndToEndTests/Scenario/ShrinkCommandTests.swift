import BanterTestSupport
import Foundation
import Testing

/// `banter shrink` through the real binary: a bug planted in a copy of an example bot,
/// caught by a long recorded chat, shrinks to the few steps that show it with the same
/// failure; bad input is one line and exit status 2.
@Suite struct ShrinkCommandTests {
    /// The 60-step chat beside a copy of Alisha whose greeting lowercases the user's name.
    static func plantedBug() throws -> ChatFixture {
        let fixture = try ChatFixture()
        let bot = try String(contentsOf: Repository.url("examples/bots/alisha.lua"), encoding: .utf8)
        let correct = "(\"Hi \" .. chat.memory.name .. \"! 😊\")"
        #expect(bot.contains(correct))
        try fixture.write(
            "alisha.lua",
            bot.replacingOccurrences(of: correct, with: "(\"Hi \" .. chat.memory.name:lower() .. \"! 😊\")"))
        try fixture.write(
            "long.lua",
            String(
                contentsOf: Repository.url("Tests/EndToEndTests/Scenario/Fixtures/long-chat.lua"), encoding: .utf8))
        return fixture
    }

    @Test func aPlantedBugShrinksToTheStepsThatShowItWithTheSameMessage() throws {
        let fixture = try Self.plantedBug()
        let failure = "expected reply \"Hi Bob! 😊\", got \"Hi bob! 😊\""
        let original = try BanterBinary.run(["test", "long.lua"], currentDirectory: fixture.folder)
        #expect(original.status == 1)
        #expect(original.standardOutput.contains("long.lua:63: \(failure)"))

        let shrunk = try BanterBinary.run(["shrink", "long.lua", "-j", "2"], currentDirectory: fixture.folder)
        #expect(shrunk.status == 0, "\(shrunk.standardError)")
        let lines = shrunk.standardOutput.components(separatedBy: "\n")
        #expect(lines.first?.hasPrefix("long.lua: 60 steps → 3, the same failure (") == true)
        #expect(lines.contains("  long.min.lua:7: \(failure)"))
        #expect(lines.contains("removed 57 steps:"))
        #expect(lines.contains("  long.lua:4  me \"hey there\""))
        #expect(lines.contains("  long.lua:62  me \"hey again\"  →  me \"hey\""))
        #expect(lines.contains("left at their defaults: memory, seed, start, time_zone"))

        let minimal = try String(contentsOf: fixture.folder.appendingPathComponent("long.min.lua"), encoding: .utf8)
        #expect(
            minimal.hasSuffix(
                """
                scenario { bot = "alisha.lua" }
                me "my name is Bob"
                me "hey"
                expect_reply "Hi Bob! 😊"

                """))
        let rerun = try BanterBinary.run(["test", "long.min.lua"], currentDirectory: fixture.folder)
        #expect(rerun.status == 1)
        #expect(rerun.standardOutput.contains("long.min.lua:7: \(failure)"))
        // No candidate file is left behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted()
        #expect(left == ["alisha.lua", "long.lua", "long.min.lua"])

        // Deterministic: the same scenario again, one job at a time, gives the same file.
        let again = try BanterBinary.run(["test", "--shrink", "long.lua", "-j", "1"], currentDirectory: fixture.folder)
        #expect(again.status == 0)
        #expect(
            try String(contentsOf: fixture.folder.appendingPathComponent("long.min.lua"), encoding: .utf8) == minimal)
    }

    @Test func badInputIsOneLineAndExitStatusTwo() throws {
        let fixture = try Self.plantedBug()
        try fixture.write("broken.lua", "scenario { bot = \"alisha.lua\" }\nme(\n")
        try fixture.write(
            "passing.lua", "scenario { bot = \"alisha.lua\" }\nme \"hey\"\nexpect_reply \"Hi! How's your day going?\"\n"
        )
        try fixture.write(
            "predicate.lua",
            "scenario { bot = \"alisha.lua\" }\nme \"hey\"\nexpect_reply(function(text) return false end)\n")
        try fixture.write(
            "branches.lua", "scenario { bot = \"alisha.lua\" }\nme \"hey\"\nbranch \"no\" { expect_reply \"no\" }\n")
        let cases: [([String], String)] = [
            (
                ["shrink", "branches.lua"],
                "banter: cannot shrink branches.lua: it has branches (\"no\", …), which shrink cannot write back"
            ),
            (
                ["shrink", "passing.lua"],
                "banter: cannot shrink passing.lua: it passes (shrink needs a scenario that fails)"
            ),
            (
                ["shrink", "broken.lua"],
                "banter: cannot shrink broken.lua: it does not load: broken.lua:3: unexpected symbol near <eof>"
            ),
            (["shrink", "missing.lua"], "banter: shrink missing.lua: no such scenario file"),
            (
                ["shrink", "predicate.lua"],
                "banter: cannot shrink predicate.lua: line 3 passes a function to expect_reply, which shrink cannot write back; use text or { pattern = } there"
            ),
            (["shrink", "long.lua", "--budget", "soon"], "banter: --budget soon: "),
            (
                ["test", "--shrink", "long.lua", "x.lua"],
                "banter: --shrink takes one scenario file; give it no other paths"
            ),
        ]
        for (arguments, expected) in cases {
            let result = try BanterBinary.run(arguments, currentDirectory: fixture.folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix(expected), "\(arguments)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.folder.appendingPathComponent("passing.min.lua").path))
    }
}
