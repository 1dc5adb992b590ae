import BanterTestSupport
import Foundation
import Testing

/// `banter mutate` through the real binary: each mutant killed, survived (with the
/// scenarios that ran it), timed out or not covered; the JSON and JUnit reports; `--since`;
/// bad input as one line and exit status 2.
@Suite struct MutateCommandTests {
    static let bot = """
        bot { name = "Counter" }

        on("^count (%d+)$", function(msg, chat, n)
          local i, total = 0, 0
          while i < tonumber(n) do
            i = i + 1
            total = total + i
          end
          chat:reply("sum " .. total)
        end)

        on("^never$", function(msg, chat)
          chat:reply("unreached")
        end)

        fallback(function(msg, chat)
          chat:reply("ok", { after = 2 })
        end)

        """

    static func fixture() throws -> ChatFixture {
        let fixture = try ChatFixture()
        try fixture.write("bot.lua", bot)
        try fixture.write(
            "talk.lua",
            "scenario { bot = \"bot.lua\" }\nme \"count 3\"\nexpect_reply \"sum 6\"\nme \"hello\"\nexpect_reply { pattern = \"^o\" }\n"
        )
        return fixture
    }

    @Test func reportsEachMutantWithItsStatusAndTheScore() throws {
        let fixture = try Self.fixture()
        // Limits so high that a loop the mutants make runs until the wall-clock limit.
        let run = try BanterBinary.run(
            [
                "mutate", "-j", "2", "--instruction-limit", "100000000000", "--time-limit", "60s", "--timeout", "1s",
                "--json", "report.json", "--junit", "report.xml", ".",
            ], currentDirectory: fixture.folder, timeout: 120)
        #expect(run.status == 0, "\(run.standardError)")
        let lines = run.standardOutput.components(separatedBy: "\n")
        #expect(
            lines.contains(
                "killed      bot.lua:5  condition negated: while i < tonumber(n) do → while not (i < tonumber(n)) do"))
        #expect(
            lines.contains("timed out   bot.lua:5  condition forced true: while i < tonumber(n) do → while true do"))
        #expect(
            lines.contains("killed      bot.lua:9  chat:reply dropped: chat:reply(\"sum \" .. total) → (an empty line)")
        )
        #expect(
            lines.contains(
                "survived    bot.lua:17  number ±1: chat:reply(\"ok\", { after = 2 }) → chat:reply(\"ok\", { after = 3 })"
            ))
        #expect(lines.contains("            ran by: ./talk.lua"))
        #expect(
            lines.contains("not covered bot.lua:13  chat:reply dropped: chat:reply(\"unreached\") → (an empty line)"))
        #expect(
            lines.contains(
                "survived    bot.lua:12  handler registration removed: on(\"^never$\", function(msg, chat) → (an empty line)"
            ))
        #expect(
            lines.contains(
                "32 mutants of 1 file (0 equivalent skipped), 1 scenario: 16 killed, 10 survived, 4 timed out, 2 not covered"
            ))
        #expect(lines.contains { $0.hasPrefix("Mutation score: 62.5% (66.7% of the mutants on covered lines) in ") })

        let json =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: fixture.folder.appendingPathComponent("report.json"))) as? [String: Any]
        #expect(json?["killed"] as? Int == 16)
        #expect(json?["survived"] as? Int == 10)
        #expect((json?["mutants"] as? [Any])?.count == 32)
        let xml = try String(contentsOf: fixture.folder.appendingPathComponent("report.xml"), encoding: .utf8)
        #expect(
            xml.contains("<testsuite name=\"banter mutate\" tests=\"32\" failures=\"10\" errors=\"0\" skipped=\"2\">"))
    }

    @Test func sinceMutatesOnlyTheLinesChangedSinceARevision() throws {
        let fixture = try Self.fixture()
        let git = ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
        for arguments in [["init", "-q"], ["add", "."], git + ["commit", "-qm", "start"]] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git"] + arguments
            process.currentDirectoryURL = fixture.folder
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        try fixture.write(
            "bot.lua", Self.bot.replacingOccurrences(of: "\"ok\", { after = 2 }", with: "\"okay\", { after = 2 }"))
        let run = try BanterBinary.run(["mutate", "-j", "2", "--since", "HEAD"], currentDirectory: fixture.folder)
        #expect(run.status == 0, "\(run.standardError)")
        let mutants = run.standardOutput.components(separatedBy: "\n").filter { $0.contains("bot.lua:") }
        #expect(!mutants.isEmpty)
        #expect(mutants.allSatisfy { $0.contains("bot.lua:17") })

        let bad = try BanterBinary.run(["mutate", "--since", "no-such-ref"], currentDirectory: fixture.folder)
        #expect(bad.status == 2)
        #expect(
            bad.standardError
                == "banter: --since no-such-ref: not a git revision here (git rev-parse found no such commit)\n")
    }

    @Test func badInputIsOneLineAndExitStatusTwo() throws {
        let fixture = try Self.fixture()
        try fixture.write("failing.lua", "scenario { bot = \"bot.lua\" }\nme \"count 1\"\nexpect_reply \"sum 2\"\n")
        let cases: [([String], String)] = [
            (["mutate", "missing.lua"], "banter: missing.lua: no such file or folder\n"),
            (
                ["mutate", "failing.lua"],
                "banter: no scenario passes without mutants, so none can tell a mutant apart: failing.lua: failed: failing.lua:3: expected reply \"sum 2\", got \"sum 1\"\n"
            ),
            (["mutate", "-j", "0"], "banter: -j 0: the number of jobs must be a whole number of at least 1\n"),
        ]
        for (arguments, expected) in cases {
            let result = try BanterBinary.run(arguments, currentDirectory: fixture.folder)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError == expected, "\(arguments)")
        }
    }
}
