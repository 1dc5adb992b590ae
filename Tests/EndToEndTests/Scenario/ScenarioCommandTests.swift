import BanterTestSupport
import Foundation
import Testing

/// The real `banter` binary running scenarios: `run`, `test`, `replay` through a pipe and
/// `render`, with their outputs and exit statuses.
@Suite struct ScenarioCommandTests {
    static let bot = """
        bot { name = "Echo" }
        on("^hi", function(msg, chat) chat:reply("Hi yourself!", { after = "2s" }) end)
        fallback(function(msg, chat) chat:reply("echo: " .. msg.text) end)
        """

    static let passing = """
        scenario { bot = "echo.lua", start = "2026-11-20 19:00", time_zone = "UTC" }
        me "hi"
        expect_reply "Hi yourself!"
        wait "2h"
        expect_section "Today 21:00"
        me "still there?"
        expect_reply "echo: still there?"
        """

    static let failing = """
        scenario { bot = "echo.lua", start = "2026-11-20 19:00", time_zone = "UTC" }
        me "hi"
        expect_reply "Hey!"
        me "x"
        expect_no_reply "10s"
        """

    private func fixture() throws -> ChatFixture {
        let fixture = try ChatFixture()
        try fixture.write("echo.lua", Self.bot)
        return fixture
    }

    @Test func runPrintsThePlainTranscript() throws {
        let fixture = try fixture()
        let path = try fixture.write("talk.lua", Self.passing)
        let result = try BanterBinary.run(["run", path, "--width", "40", "--border", "ascii"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let expected = [
            "              Today 19:00",
            "                                +----+ ",
            "                                | hi | ",
            "                                +----+\\",
            "",
            " +--------------+",
            " | Hi yourself! |",
            "/+--------------+",
            "",
            "              Today 21:00",
            "                      +--------------+ ",
            "                      | still there? | ",
            "                      +--------------+\\",
            "",
            " +--------------------+",
            " | echo: still there? |",
            "/+--------------------+",
        ]
        #expect(result.standardOutput == expected.joined(separator: "\n") + "\n")
        #expect(!result.standardOutput.contains("\u{1B}"))
    }

    @Test func runReportsFailuresOnStandardErrorWithStatusOne() throws {
        let fixture = try fixture()
        let path = try fixture.write("talk.lua", Self.failing)
        let result = try BanterBinary.run(["run", path])
        #expect(result.status == 1)
        #expect(
            result.standardError == """
                talk.lua:3: expected reply "Hey!", got "Hi yourself!"
                talk.lua:5: expected no reply within 10s, got "echo: x"

                """)
    }

    @Test func runKeepsTheConversationWithDb() throws {
        let fixture = try fixture()
        let path = try fixture.write("talk.lua", Self.passing)
        let db = fixture.path("kept.sqlite")
        #expect(try BanterBinary.run(["run", path, "--db", db]).status == 0)
        let rendered = try BanterBinary.run(["render", "--db", db, "--conversation", "talk", "--width", "40", "--all"])
        #expect(rendered.status == 0)
        #expect(rendered.standardOutput.contains("— beginning of conversation —"))
        #expect(rendered.standardOutput.contains("echo: still there?"))
        let again = try BanterBinary.run(["run", path, "--db", db])
        #expect(again.status == 2)
        #expect(again.standardError.contains("already has a conversation named \"talk\""))
    }

    @Test func testReportsEachScenarioAndTheTotals() throws {
        let fixture = try fixture()
        try fixture.write("good.lua", Self.passing)
        try fixture.write("bad.lua", Self.failing)
        let result = try BanterBinary.run(["test", fixture.folder.path])
        let folder = fixture.folder.path
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                ✗ \(folder)/bad.lua
                  bad.lua:3: expected reply "Hey!", got "Hi yourself!"
                    ↳ trace: "hi" → on("^hi") echo.lua:2
                      <1k instructions · reply "Hi yourself!" after 2s
                  bad.lua:5: expected no reply within 10s, got "echo: x"
                    ↳ trace: "x" → fallback echo.lua:3
                      <1k instructions · reply "echo: x"
                ✓ \(folder)/good.lua
                1 passed, 1 failed

                """)
    }

    @Test func testPassesWithStatusZero() throws {
        let fixture = try fixture()
        let path = try fixture.write("good.lua", Self.passing)
        let result = try BanterBinary.run(["test", path])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix("\n1 passed, 0 failed\n"))
    }

    @Test func testExitsTwoOnAScriptError() throws {
        let fixture = try fixture()
        try fixture.write("good.lua", Self.passing)
        try fixture.write("broken.lua", "scenario { bot = \"echo.lua\" }\nme \"hi\" +\n")
        try fixture.write("nobot.lua", "scenario { bot = \"missing.lua\" }\nme \"hi\"\n")
        let result = try BanterBinary.run(["test", fixture.folder.path])
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("✗ \(fixture.folder.path)/broken.lua\n  error: broken.lua:"))
        #expect(result.standardOutput.contains("✗ \(fixture.folder.path)/nobot.lua\n  error: the bot did not load:"))
        #expect(result.standardOutput.hasSuffix("\n1 passed, 0 failed, 2 errors\n"))
    }

    @Test func testSkipsBotsInFolders() throws {
        let fixture = try fixture()
        try fixture.write("good.lua", Self.passing)
        let result = try BanterBinary.run(["test", fixture.folder.path])
        #expect(result.status == 0)
        #expect(!result.standardOutput.contains("echo.lua"))
    }

    /// The examples pass, and each example scenario (each leaf of one with branches) has its
    /// golden transcript, so this run also compares everything they draw. The HTTP examples'
    /// server listens on their port.
    @Test func theExamplesPass() throws {
        let parrot = try LoopbackServer(script: Repository.url("examples/bots/parrot_server.py").path, port: 5055)
        defer { withExtendedLifetime(parrot) {} }
        let result = try BanterBinary.run(["test", "examples/"], currentDirectory: Repository.root)
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix(" passed, 0 failed\n"))
        let folder = Repository.url("examples/scenarios")
        let scenarios = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".lua") }
        #expect(!scenarios.isEmpty)
        // "✓ examples/scenarios/pizza-branches.lua › large › yes": pizza-branches › large › yes.transcript.
        let cases = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("✓ ") }.map {
            URL(fileURLWithPath: String($0.dropFirst(2))).lastPathComponent.replacingOccurrences(of: ".lua", with: "")
        }
        #expect(
            Set(cases.map { $0.components(separatedBy: " › ")[0] }) == Set(scenarios.map { String($0.dropLast(4)) }))
        for name in cases {
            let transcript = folder.appendingPathComponent(name + ".transcript").path
            #expect(
                FileManager.default.fileExists(atPath: transcript),
                "\(name) has no golden transcript: banter test --update examples/")
        }
    }

    @Test func replayThroughAPipeIsTheRunTranscript() throws {
        let fixture = try fixture()
        let path = try fixture.write(
            "talk.lua",
            """
            scenario { bot = "echo.lua", start = "2026-11-20 19:00", time_zone = "UTC" }
            me "hi"
            expect_reply "Hi yourself!"
            wait "30s"
            me "bye"
            expect_reply "echo: bye"
            """)
        let replayed = try BanterBinary.run(["replay", path, "--speed", "1000", "--width", "40"], timeout: 30)
        let ran = try BanterBinary.run(["run", path, "--width", "40"])
        #expect(replayed.status == 0)
        #expect(!replayed.standardOutput.contains("\u{1B}"))
        #expect(replayed.standardOutput.contains("echo: bye"))
        #expect(replayed.standardOutput == ran.standardOutput)
    }

    @Test func renderPrintsTheNewestMessages() throws {
        let fixture = try fixture()
        let path = try fixture.write("talk.lua", Self.passing)
        let db = fixture.path("kept.sqlite")
        #expect(try BanterBinary.run(["run", path, "--db", db]).status == 0)
        let limited = try BanterBinary.run(
            ["render", "--db", db, "--conversation", "talk", "--limit", "1", "--width", "40", "--time-zone", "UTC"])
        #expect(limited.status == 0)
        #expect(limited.standardOutput.contains("echo: still there?"))
        #expect(!limited.standardOutput.contains("│ still there? │"))
        #expect(!limited.standardOutput.contains("beginning of conversation"))
        let missing = try BanterBinary.run(["render", "--db", db, "--conversation", "nope"])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no conversation named \"nope\""))
    }

    @Test func renderAllPageByPageEqualsTheWholeLayout() throws {
        let fixture = try ChatFixture()
        let db = fixture.path("walkthrough.sqlite")
        let scenario = Repository.url("examples/scenarios/grouping.lua").path
        #expect(try BanterBinary.run(["run", scenario, "--db", db]).status == 0)
        let common = [
            "render", "--db", db, "--conversation", "grouping walkthrough", "--width", "50", "--time-zone", "UTC",
        ]
        let whole = try BanterBinary.run(common + ["--limit", "1000"])
        #expect(whole.status == 0)
        #expect(whole.standardOutput.contains("— beginning of conversation —"))
        #expect(whole.standardOutput.contains("Morning! Coffee later?"))
        for pageSize in ["1", "2", "3", "5", "1000"] {
            let paged = try BanterBinary.run(common + ["--all", "--page-size", pageSize])
            #expect(paged.status == 0)
            #expect(paged.standardOutput == whole.standardOutput, "page size \(pageSize)")
        }
    }
}
