import BanterTestSupport
import Foundation
import FoundationXML
import Testing

/// `banter test` as CI runs it: parallel workers with stable output, a scenario that hangs
/// or whose worker dies failing alone, shards, JUnit and LCOV reports, coverage, bad options.
@Suite struct TestRunnerTests {
    /// A bot whose handlers take very different amounts of CPU, so that scenarios finish
    /// out of order under -j; `spin` never returns; `never` is never triggered.
    static let bot = """
        bot { name = "Worker" }
        on("^busy (%d+)", function(msg, chat, n)
          local total = 0
          for i = 1, tonumber(n) do total = total + i % 7 end
          chat:reply("done " .. n)
        end)
        on("^spin", function(msg, chat) while true do end end)
        on("^never", function(msg, chat)
          chat:reply("unreachable")
        end)
        fallback(function(msg, chat) chat:reply("echo: " .. msg.text) end)
        """

    private func fixture(scenarios: Int = 12) throws -> ChatFixture {
        let fixture = try ChatFixture()
        try fixture.write("bot.lua", Self.bot)
        for index in 0..<scenarios {
            // Early files are the slow ones, so later ones finish first with several workers.
            let work = index % 3 == 0 ? 2_000_000 : 10
            let expected = index == 4 ? "wrong" : "done \(work)"
            try fixture.write(
                String(format: "s%02d.lua", index),
                """
                scenario { bot = "bot.lua" }
                me "busy \(work)"
                expect_reply "\(expected)"
                me "hello"
                expect_reply "echo: hello"
                """)
        }
        return fixture
    }

    @Test func theOutputIsTheSameWithAnyNumberOfWorkers() throws {
        let fixture = try fixture()
        let folder = fixture.folder.path
        let one = try BanterBinary.run(["test", "-j", "1", folder])
        #expect(one.status == 1)
        let lines = one.standardOutput.split(separator: "\n")
        let files = lines.filter { $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") }.map { $0.dropFirst(2) }
        #expect(files == (0..<12).map { Substring(String(format: "\(folder)/s%02d.lua", $0)) })
        #expect(lines.last == "11 passed, 1 failed")
        #expect(
            one.standardOutput.contains("✗ \(folder)/s04.lua\n  s04.lua:3: expected reply \"wrong\", got \"done 10\"\n")
        )
        for jobs in ["2", "4", "12"] {
            let many = try BanterBinary.run(["test", "-j", jobs, folder])
            #expect(many.status == 1)
            #expect(many.standardOutput == one.standardOutput, "-j \(jobs)")
        }
    }

    @Test func aHungScenarioFailsAloneAtItsTimeLimit() throws {
        let fixture = try fixture(scenarios: 3)
        try fixture.write("s01.lua", "scenario { bot = \"bot.lua\" }\nme \"spin\"\n")
        // A scenario's time counts from when it is handed to its worker, so it includes the
        // worker's start: the scenarios that pass took 0.4–0.8 s at load 14, and with a limit
        // of 1 s a loaded machine timed them out as well. 5 s leaves them room.
        let result = try BanterBinary.run([
            "test", "-j", "2", "--timeout", "5s", "--time-limit", "1h", "--instruction-limit", "1000000000000000",
            fixture.folder.path,
        ])
        #expect(result.status == 1)
        let folder = fixture.folder.path
        #expect(
            result.standardOutput == """
                ✓ \(folder)/s00.lua
                ✗ \(folder)/s01.lua
                  timed out: still running after 5s (--timeout); it was stopped
                ✓ \(folder)/s02.lua
                2 passed, 1 failed

                """)
    }

    @Test func aScenarioWhoseWorkerDiesFailsAlone() throws {
        let fixture = try fixture(scenarios: 3)
        try fixture.write("s01.lua", "scenario { bot = \"bot.lua\" }\nme \"spin\"\n")
        let process = BanterBinary.process([
            "test", "-j", "1", "--timeout", "60s", "--time-limit", "1h", "--instruction-limit", "1000000000000000",
            fixture.folder.path,
        ])
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Once s00 is reported, the one worker is spinning on s01: kill it as the OOM killer would.
        var text = ""
        while !text.contains("/s00.lua\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        usleep(300_000) // the runner hands s01 over right after reporting s00
        let pid = try #require(Self.children(of: process.processIdentifier).first)
        kill(pid, SIGKILL)
        text += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(
            text.contains(
                "✗ \(fixture.folder.path)/s01.lua\n  crashed: the worker process running it was killed by signal 9 (SIGKILL)\n"
            ))
        #expect(text.contains("✓ \(fixture.folder.path)/s02.lua\n"))
        #expect(text.hasSuffix("2 passed, 1 failed\n"))
    }

    @Test func aWorkerWhoseRunnerDiedEndsAtItsAlarm() throws {
        let fixture = try fixture(scenarios: 0)
        let path = try fixture.write("hang.lua", "scenario { bot = \"bot.lua\" }\nme \"spin\"\n")
        let process = BanterBinary.process([
            "test", "-j", "1", "--timeout", "1s", "--time-limit", "1h", "--instruction-limit", "1000000000000000", path,
        ])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var worker: Int32?
        let deadline = Date().addingTimeInterval(30)
        while worker == nil && Date() < deadline {
            usleep(20_000)
            worker = Self.children(of: process.processIdentifier).first
        }
        let pid = try #require(worker)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        // Orphaned, the worker spins until its alarm (the timeout plus 2 s) ends it.
        var gone = false
        let end = Date().addingTimeInterval(20)
        while !gone && Date() < end {
            usleep(100_000)
            let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            gone = state.isEmpty || state.contains(") Z ")
        }
        #expect(gone)
    }

    /// The processes `pid` started, from /proc.
    private static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    @Test func shardsRunEachScenarioExactlyOnce() throws {
        let fixture = try fixture(scenarios: 7)
        let folder = fixture.folder.path
        var seen: [String] = []
        for index in 1...3 {
            let result = try BanterBinary.run(["test", "--shard", "\(index)/3", folder])
            let files = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") }
            #expect((2...3).contains(files.count))
            seen += files.map { String($0.dropFirst(2)) }
        }
        #expect(seen.sorted() == (0..<7).map { String(format: "\(folder)/s%02d.lua", $0) })
    }

    @Test func theJUnitReportCountsWhatTheClosingLineSays() throws {
        let fixture = try fixture(scenarios: 3)
        try fixture.write("broken.lua", "scenario { bot = \"bot.lua\" }\nme \"hi\" +\n")
        let report = fixture.path("report.xml")
        let result = try BanterBinary.run(["test", "--junit", report, fixture.folder.path])
        #expect(result.status == 2)
        #expect(result.standardOutput.hasSuffix("\n3 passed, 0 failed, 1 errors\n"))
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "4")
        #expect(suite.attribute(forName: "failures")?.stringValue == "0")
        #expect(suite.attribute(forName: "errors")?.stringValue == "1")
        let cases = suite.elements(forName: "testcase")
        #expect(
            cases.map { $0.attribute(forName: "file")?.stringValue } == [
                "\(fixture.folder.path)/broken.lua", "\(fixture.folder.path)/s00.lua",
                "\(fixture.folder.path)/s01.lua", "\(fixture.folder.path)/s02.lua",
            ])
        #expect(cases[0].elements(forName: "error").count == 1)
        #expect(cases.dropFirst().allSatisfy { ($0.children ?? []).isEmpty })
    }

    @Test func coverageNamesTheHandlersNoScenarioTriggeredAndLCOVReadsBack() throws {
        let fixture = try fixture(scenarios: 2)
        let lcov = fixture.path("bots.info")
        let result = try BanterBinary.run(["test", "--coverage", "--lcov", lcov, fixture.folder.path])
        #expect(result.status == 0)
        let summary = result.standardOutput.components(separatedBy: "2 passed, 0 failed\n")[1]
        let bot = "\(fixture.folder.path)/bot.lua"
        #expect(summary.contains("Coverage of the bots (lines run / lines with code):\n  \(bot): "))
        #expect(summary.contains("    never triggered: \(bot):7 on(\"^spin\")\n"))
        #expect(summary.contains("    never triggered: \(bot):8 on(\"^never\")\n"))
        #expect(!summary.contains("fallback"))

        // LCOV, parsed back: one record for the bot, a DA per line with code, LF/LH agreeing.
        let text = try String(contentsOfFile: lcov, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "TN:")
        #expect(lines.filter { $0.hasPrefix("SF:") } == ["SF:\(bot)"])
        #expect(lines.last == "end_of_record")
        let hits = Dictionary(
            uniqueKeysWithValues: lines.filter { $0.hasPrefix("DA:") }.map { line -> (Int, Int) in
                let fields = line.dropFirst(3).split(separator: ",")
                return (Int(fields[0])!, Int(fields[1])!)
            })
        #expect(lines.contains("LF:\(hits.count)"))
        #expect(lines.contains("LH:\(hits.values.filter { $0 > 0 }.count)"))
        #expect(hits[4]! >= 2_000_000, "the busy loop's body ran once per iteration")
        #expect(hits[9] == 0, "the never-triggered handler's body")
        #expect(hits[7] != nil && hits[7]! > 0, "the one-line handler's line ran when the script declared it")
        #expect(summary.contains("\(bot): \(hits.values.filter { $0 > 0 }.count)/\(hits.count) lines"))

        // genhtml (Debian's lcov) accepts the file.
        let html = fixture.path("html")
        let genhtml = try ChildProcess.run("/usr/bin/genhtml", ["--quiet", "--output-directory", html, lcov])
        #expect(genhtml.status == 0, "\(genhtml.standardError)")
        #expect(FileManager.default.fileExists(atPath: html + "/index.html"))
    }

    /// A failed expectation shows which handler answered (without timings, so the output
    /// stays the same from run to run); `--trace` shows every message's trace.
    @Test func failuresShowTheTraceOfTheirStepAndTraceShowsThemAll() throws {
        let fixture = try fixture(scenarios: 5)
        let failed = try BanterBinary.run(["test", fixture.path("s04.lua")])
        #expect(failed.status == 1)
        #expect(
            failed.standardOutput.contains(
                """
                  s04.lua:3: expected reply "wrong", got "done 10"
                    ↳ trace: "busy 10" → on("^busy (%d+)") bot.lua:2 captures "10"
                      <1k instructions · reply "done 10"

                """))
        #expect(!failed.standardOutput.contains(" ms"))

        let traced = try BanterBinary.run(["test", "--trace", fixture.path("s01.lua")])
        #expect(traced.status == 0)
        let lines = traced.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "✓ \(fixture.path("s01.lua"))")
        #expect(lines.contains("  ↳ line 2: \"busy 10\" → on(\"^busy (%d+)\") bot.lua:2 captures \"10\""))
        #expect(lines.contains("  ↳ line 4: \"hello\" → fallback bot.lua:11"))
        #expect(
            lines.contains { $0.hasPrefix("    <1k instructions · ") && $0.hasSuffix(" ms · reply \"echo: hello\"") })
    }

    @Test(arguments: [
        (["-j", "0"], "banter: -j 0: the number of jobs must be a whole number of at least 1"),
        (["-j", "abc"], "banter: -j abc: the number of jobs must be a whole number of at least 1"),
        (["--shard", "3/2"], "banter: --shard 3/2: the shard must be between 1 and 2 (shards count from 1)"),
        (["--shard", "0/4"], "banter: --shard 0/4: the shard must be between 1 and 4 (shards count from 1)"),
        (
            ["--junit", "/nonexistent-banter/sub/report.xml"],
            "banter: --junit /nonexistent-banter/sub/report.xml: the folder /nonexistent-banter/sub does not exist (banter does not create it)"
        ),
        (["--lcov", "/tmp"], "banter: --lcov /tmp: is a folder; name a file"),
    ])
    func badOptionsAreOneLineAndExitTwoBeforeAnythingRuns(arguments: [String], message: String) throws {
        let fixture = try fixture(scenarios: 1)
        let result = try BanterBinary.run(["test"] + arguments + [fixture.folder.path])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == message + "\n")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent-banter"))
    }
}
