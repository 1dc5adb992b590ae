import BanterTestSupport
import Foundation
import Testing

/// `banter test --update` and golden transcripts through the real binary: the file is what
/// `banter run` prints, parallel workers and shards write and compare the same files, and a
/// difference reaches both the output and the JUnit report as a diff.
@Suite struct GoldenTranscriptCommandTests {
    static let bot = """
        bot { name = "Echo" }
        fallback(function(msg, chat) chat:reply("echo: " .. msg.text) end)
        """

    private func fixture() throws -> ChatFixture {
        let fixture = try ChatFixture()
        try fixture.write("bot.lua", Self.bot)
        for index in 0..<4 {
            try fixture.write(
                "s\(index).lua",
                """
                scenario { bot = "bot.lua", start = "2026-11-20 19:00" }
                me "hello \(index)"
                """)
        }
        return fixture
    }

    @Test func updateWritesWhatRunPrintsAndTestComparesIt() throws {
        let fixture = try fixture()
        let folder = fixture.folder.path
        let update = try BanterBinary.run(["test", "--update", "-j", "2", folder])
        #expect(update.status == 0)
        #expect(update.standardOutput.components(separatedBy: "  wrote s").count == 5)
        for index in 0..<4 {
            let run = try BanterBinary.run(["run", "--width", "80", fixture.path("s\(index).lua")])
            #expect(
                try String(contentsOfFile: fixture.path("s\(index).transcript"), encoding: .utf8) == run.standardOutput)
        }
        let again = try BanterBinary.run(["test", "--update", "--shard", "1/2", folder])
        #expect(again.status == 0)
        #expect(!again.standardOutput.contains("wrote"))
        #expect(again.standardOutput.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test func aChangedBotFailsWithTheDiffInTheOutputAndTheJUnitReport() throws {
        let fixture = try fixture()
        let folder = fixture.folder.path
        #expect(try BanterBinary.run(["test", "--update", folder]).status == 0)
        try fixture.write("bot.lua", Self.bot.replacingOccurrences(of: "echo: ", with: "said: "))
        let report = fixture.path("report.xml")
        let result = try BanterBinary.run(["test", "-j", "2", "--junit", report, folder])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                """
                ✗ \(folder)/s1.lua
                  s1.transcript:
                """))
        #expect(result.standardOutput.contains("    --- s1.transcript (expected)\n    +++ this run (got)\n    @@ -"))
        #expect(result.standardOutput.contains("│ said: hello 1 │"))
        #expect(result.standardOutput.hasSuffix("0 passed, 4 failed\n"))
        let xml = try String(contentsOfFile: report, encoding: .utf8)
        #expect(xml.contains("+++ this run (got)"))
        #expect(xml.contains("│ said: hello 2 │"))

        #expect(try BanterBinary.run(["test", "--update", folder]).status == 0)
        #expect(try BanterBinary.run(["test", folder]).status == 0)
    }
}
