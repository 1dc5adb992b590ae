import BanterTestSupport
import Foundation
import Testing

/// `banter test --watch` as a person uses it: the suite runs, then editing a bot, a module
/// or adding a scenario reruns exactly what it affects with a fresh closing line, and
/// Ctrl-C ends it.
@Suite struct WatchCommandTests {
    /// Collects a running process's output as it arrives.
    final class LiveOutput: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        init(_ pipe: Pipe) {
            pipe.fileHandleForReading.readabilityHandler = { [self] handle in
                let chunk = handle.availableData
                lock.withLock { data.append(chunk) }
            }
        }

        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

        /// Waits until the output after `offset` contains `marker`; returns the output from
        /// `offset` up to the end of the marker.
        func wait(for marker: String, after offset: String.Index? = nil, seconds: Double = 20) -> Substring? {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                let all = text
                let start = offset ?? all.startIndex
                if start <= all.endIndex, let range = all[start...].range(of: marker) {
                    return all[start..<range.upperBound]
                }
                usleep(20_000)
            }
            return nil
        }
    }

    @Test func editsRerunWhatTheyAffectAndCtrlCEndsIt() throws {
        let fixture = try ChatFixture()
        try fixture.write("a.lua", "bot { name = \"A\" }\nfallback(function(msg, chat) chat:reply(\"a\") end)\n")
        try fixture.write("lines.lua", "return { reply = \"b\" }\n")
        try fixture.write(
            "b.lua",
            "local lines = require \"lines\"\nbot { name = \"B\" }\nfallback(function(msg, chat) chat:reply(lines.reply) end)\n"
        )
        try fixture.write("sa.lua", "scenario { bot = \"a.lua\" }\nme \"hi\"\nexpect_reply \"a\"\n")
        try fixture.write("sb.lua", "scenario { bot = \"b.lua\" }\nme \"hi\"\nexpect_reply \"b\"\n")
        let folder = fixture.folder.path

        let process = BanterBinary.process(["test", "--watch", "-j", "1", folder])
        let stdout = Pipe(), stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let output = LiveOutput(stdout)

        let first = try #require(output.wait(for: "2 passed, 0 failed\nWatching for changes (Ctrl-C to stop)…\n"))
        #expect(first.hasPrefix("✓ \(folder)/sa.lua\n✓ \(folder)/sb.lua\n"))

        var mark = output.text.endIndex
        try fixture.write("a.lua", "bot { name = \"A\" }\nfallback(function(msg, chat) chat:reply(\"changed\") end)\n")
        let second = try #require(output.wait(for: "1 passed, 1 failed (1 of 2 run)\n", after: mark))
        #expect(
            second.contains(
                "a.lua changed · 1 scenario ──\n✗ \(folder)/sa.lua\n  sa.lua:3: expected reply \"a\", got \"changed\"\n"
            ))
        #expect(!second.contains("sb.lua"))

        mark = output.text.endIndex
        try fixture.write("lines.lua", "return { reply = \"B!\" }\n")
        let third = try #require(output.wait(for: "0 passed, 2 failed (1 of 2 run)\n", after: mark))
        #expect(third.contains("lines.lua changed · 1 scenario ──\n✗ \(folder)/sb.lua\n"))
        #expect(!third.contains("sa.lua"))

        mark = output.text.endIndex
        try fixture.write("sc.lua", "scenario { bot = \"a.lua\" }\nme \"hi\"\nexpect_reply \"changed\"\n")
        let fourth = try #require(output.wait(for: "1 passed, 2 failed (1 of 3 run)\n", after: mark))
        #expect(fourth.contains("1 new · 1 scenario ──\n✓ \(folder)/sc.lua\n"))

        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        try #require(!process.isRunning, "banter test --watch did not end on SIGINT")
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(String(decoding: stderr.fileHandleForReading.availableData, as: UTF8.self).isEmpty)
    }

    @Test func reportsCannotBeWatched() throws {
        let fixture = try ChatFixture()
        try fixture.write("s.lua", "scenario { }\n")
        let result = try BanterBinary.run(["test", "--watch", "--junit", fixture.path("r.xml"), fixture.folder.path])
        #expect(result.status == 2)
        #expect(
            result.standardError == "banter: --watch cannot be combined with --junit: reports are written for one run\n"
        )
    }
}
