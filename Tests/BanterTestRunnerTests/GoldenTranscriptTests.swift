import BanterLua
import BanterScript
import BanterTestSupport
import Foundation
import Testing

@testable import BanterTestRunner

/// Golden transcripts beside scenarios: written by `--update` only when they changed,
/// compared otherwise, a difference failing the scenario with a capped unified diff.
@Suite struct GoldenTranscriptTests {
    static let bot = """
        bot { name = "Echo" }
        fallback(function(msg, chat) chat:reply("echo: " .. msg.text) end)
        """

    private func folder(width: String = "") throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        try folder.write("bot.lua", Self.bot)
        let scenario = try folder.write(
            "talk.lua",
            """
            scenario { bot = "bot.lua", start = "2026-11-20 19:00"\(width) }
            me "hello"
            expect_reply "echo: hello"
            """)
        return (folder, scenario)
    }

    private func modified(_ path: String) throws -> Date {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
    }

    @Test func updateWritesTheTranscriptOnlyWhenItChanged() throws {
        let (folder, scenario) = try folder()
        let path = folder.file("talk.transcript")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try ScenarioCheck(limits: .default).run(scenario).result.transcriptWritten == nil)
        #expect(!FileManager.default.fileExists(atPath: path), "without --update no file is created")

        let update = try ScenarioCheck(limits: .default, transcripts: .update)
        let first = update.run(scenario).result
        #expect(first.verdict == .passed)
        #expect(first.transcriptWritten == "talk.transcript")
        #expect(first.detailLines == ["wrote talk.transcript"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("│ echo: hello │"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(text.split(separator: "\n").contains { $0.count > 60 }, "rendered at 80 columns")

        let before = try modified(path)
        Thread.sleep(forTimeInterval: 0.05)
        let again = update.run(scenario).result
        #expect(again.transcriptWritten == nil)
        #expect(try modified(path) == before)
        #expect(try ScenarioCheck(limits: .default).run(scenario).result.verdict == .passed)
    }

    @Test func theScenariosWidthSetsTheTranscriptsWidth() throws {
        let (folder, scenario) = try folder(width: ", width = 40")
        _ = try ScenarioCheck(limits: .default, transcripts: .update).run(scenario)
        let text = try String(contentsOfFile: folder.file("talk.transcript"), encoding: .utf8)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 })
        #expect(text.split(separator: "\n").contains { $0.count > 30 })
    }

    @Test func aDifferenceFailsWithAUnifiedDiff() throws {
        let (folder, scenario) = try folder()
        _ = try ScenarioCheck(limits: .default, transcripts: .update).run(scenario)
        try folder.write("bot.lua", Self.bot.replacingOccurrences(of: "echo: ", with: "ECHO "))
        try folder.write(
            "talk.lua",
            """
            scenario { bot = "bot.lua", start = "2026-11-20 19:00" }
            me "hello"
            """)
        let result = try ScenarioCheck(limits: .default).run(scenario).result
        guard case .failed(let failures) = result.verdict, let failure = failures.first else {
            Issue.record("expected a failure, got \(result.verdict)")
            return
        }
        #expect(failure.file == "talk.transcript")
        #expect(failure.message.hasPrefix("the transcript differs (- expected, + got)"))
        let diff = failure.detail ?? []
        #expect(diff.prefix(2) == ["--- talk.transcript (expected)", "+++ this run (got)"])
        #expect(diff.contains { $0.hasPrefix("-") && $0.contains("│ echo: hello │") })
        #expect(diff.contains { $0.hasPrefix("+") && $0.contains("│ ECHO hello │") })
        #expect(diff.contains { $0.hasPrefix("@@ -") })
        #expect(result.detailLines.first == "talk.transcript:\(failure.line): \(failure.message)")
        #expect(result.detailLines.dropFirst().allSatisfy { $0.hasPrefix("  ") })
    }

    @Test func aLongDiffIsCutAndSaysSo() throws {
        let (_, scenario) = try folder()
        let golden = try #require(GoldenTranscript.forScenario(scenario, mode: .update))
        let expected = (1...200).map { "old \($0)\n" }.joined()
        let got = (1...200).map { "new \($0)\n" }.joined()
        let failure = golden.difference(expected: expected, got: got, name: "talk.transcript")
        let diff = try #require(failure.detail)
        #expect(diff.count == GoldenTranscript.maxDiffLines + 1)
        #expect(
            diff.last
                == "… \(2 + 1 + 400 - GoldenTranscript.maxDiffLines) more lines of the diff cut (the whole transcript: banter run talk.lua --width 80)"
        )
        #expect(failure.line == 1)
    }

    @Test func aMissingLastLineBreakIsNamed() throws {
        let (_, scenario) = try folder()
        let golden = try #require(GoldenTranscript.forScenario(scenario, mode: .update))
        let failure = golden.difference(expected: "a\nb", got: "a\nb\n", name: "talk.transcript")
        #expect(failure.detail?.last == "(the files differ in their last line break)")
    }

    @Test func transcriptPathsSitBesideTheScenario() {
        #expect(
            GoldenTranscript.transcriptPath(forScenario: "examples/scenarios/alisha.lua")
                == "examples/scenarios/alisha.transcript")
        #expect(GoldenTranscript.transcriptPath(forScenario: "talk") == "talk.transcript")
    }
}
