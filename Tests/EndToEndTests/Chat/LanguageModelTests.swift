import BanterTestSupport
import Foundation
import FoundationXML
import Testing

/// `chat:complete` through the real binary against a real peer: the OpenAI-compatible
/// fixture server on loopback, streaming Server-Sent Events. A cassette recorded against it
/// replays with it stopped, and each fault is one line.
@Suite(.serialized)
struct LanguageModelTests {
    static let muse = Repository.url("examples/bots/muse.lua").path

    @Test func aRecordedCassetteReplaysWithTheServerStopped() throws {
        let folder = try TemporaryFolder()
        let server = try FixtureServer()
        let config = try folder.write("config.toml", server.section("local", modelID: "persona"))
        try FileManager.default.copyItem(atPath: Self.muse, toPath: folder.file("muse.lua"))
        let scenario = try folder.write(
            "date.lua",
            """
            scenario { bot = "muse.lua", start = "2026-11-20 18:00" }
            me "I went climbing today"
            expect_reply "Oh, I love that! Tell me more (21 letters is a good start)."
            """)
        let recorded = try BanterBinary.run(["test", "--record", "--config", config, scenario])
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        let cassette = try String(contentsOfFile: folder.file("date.cassette.jsonl"), encoding: .utf8)
        #expect(
            cassette.hasPrefix("{\"request\":{\"max_tokens\":120,\"messages\":[{\"content\":\"I went climbing today\""))
        #expect(!cassette.contains("127.0.0.1"))
        server.stop()

        let replayed = try BanterBinary.run(["test", "-j", "2", scenario])
        #expect(replayed.status == 0, "\(replayed.standardOutput)\(replayed.standardError)")

        _ = try folder.write(
            "date.lua",
            """
            scenario { bot = "muse.lua", start = "2026-11-20 18:00" }
            me "I went sailing today"
            expect_reply "anything"
            """)
        let unrecorded = try BanterBinary.run(["test", scenario])
        #expect(unrecorded.status == 1)
        #expect(unrecorded.standardOutput.contains("not recorded: date.cassette.jsonl has no answer for {"))
        #expect(unrecorded.standardOutput.contains("I went sailing today"))
        #expect(unrecorded.standardOutput.contains("record it with `banter test --record date.lua`"))
    }

    /// The issue's first "done when": in a real terminal Muse's bubble grows word by word as
    /// the fixture streams (a word every 0.4 s), `/save` writes the scenario and a cassette
    /// holding only the calls of the conversation it saves (not one made before `/new`),
    /// and `banter test` replays it green with the server stopped.
    @Test func theBubbleGrowsAsTheStreamArrivesAndSaveReplaysWithoutTheServer() throws {
        let folder = try TemporaryFolder()
        let server = try FixtureServer()
        let config = try folder.write("config.toml", server.section("local", modelID: "drip"))
        try FileManager.default.copyItem(atPath: Self.muse, toPath: folder.file("muse.lua"))
        let command =
            "'\(BanterBinary.url.path)' chat --config '\(config)' --bot '\(folder.file("muse.lua"))' --db '\(folder.file("chat.sqlite"))'"
        let terminal = try TmuxSession(command: command, width: 80, height: 30, environment: ["HOME": folder.path])
        try terminal.waitFor(text: "Message Muse…")

        try terminal.enter("rain")
        let answer = "Well, let me think about rain slowly."
        var drawn: [Int] = []
        try terminal.waitFor("the whole answer in its bubble, after parts of it", timeout: 30) { screen in
            let shown = screen.joined(separator: "\n")
            if let line = screen.first(where: { $0.hasPrefix(" │ Well,") }) {
                let words = line.split(separator: " ").count
                if drawn.last != words { drawn.append(words) }
            }
            return shown.contains("│ \(answer) │") && !shown.contains("Muse is typing")
        }
        // Drawn while it arrived: at least two sizes of the bubble before the whole answer.
        #expect(drawn.count >= 3, "the bubble did not grow while streaming: word counts seen \(drawn)")

        try terminal.enter("/new other")
        try terminal.waitFor(text: "Hi, I'm Muse")
        try terminal.enter("sun")
        // The whole text shows a moment before the stream ends; the typing line goes with it.
        try terminal.waitFor("the answer about the sun, the stream ended", timeout: 30) {
            let shown = $0.joined(separator: "\n")
            return shown.contains("Well, let me think about sun slowly.") && !shown.contains("Muse is typing")
        }
        try terminal.enter("/save \(folder.file("sun.lua"))")
        try terminal.waitFor(text: "sun.cassette.jsonl")
        try terminal.enter("/quit")
        _ = try terminal.waitForExit()
        server.stop()

        let cassette = try String(contentsOfFile: folder.file("sun.cassette.jsonl"), encoding: .utf8)
        #expect(cassette.split(separator: "\n").count == 1, "\(cassette)")
        #expect(cassette.contains("\"content\":\"sun\"") && !cassette.contains("rain"), "\(cassette)")
        let replayed = try BanterBinary.run(["test", folder.file("sun.lua")])
        #expect(replayed.status == 0, "\(replayed.standardOutput)\(replayed.standardError)")
    }

    /// Scenarios with cassettes under `--shard` and `--junit`, two workers each: every
    /// scenario runs in exactly one shard, the ones with a cassette pass, and the one without
    /// fails in the report with the request and how to record it.
    @Test func cassetteScenariosShardAndReportToJUnitLikeAnyOther() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.copyItem(atPath: Self.muse, toPath: folder.file("muse.lua"))
        let example = Repository.url("examples/scenarios/muse.lua").path
        let source = try String(contentsOfFile: example, encoding: .utf8)
            .replacingOccurrences(of: "../bots/muse.lua", with: "../muse.lua")
        let cassette = try String(
            contentsOfFile: Repository.url("examples/scenarios/muse.cassette.jsonl").path, encoding: .utf8)
        let names = ["s1", "s2", "s3", "s4", "s5"]
        try FileManager.default.createDirectory(atPath: folder.file("scenarios"), withIntermediateDirectories: false)
        for name in names {
            _ = try folder.write("scenarios/\(name).lua", source)
            if name != "s5" { _ = try folder.write("scenarios/\(name).cassette.jsonl", cassette) }
        }
        var files: [String] = []
        var failures: [String] = []
        for shard in 1...2 {
            let report = folder.file("report\(shard).xml")
            let run = try BanterBinary.run(
                ["test", "-j", "2", "--shard", "\(shard)/2", "--junit", report, folder.file("scenarios")])
            let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
            let cases = try #require(document.rootElement()?.elements(forName: "testsuite").first)
                .elements(forName: "testcase")
            files += cases.compactMap { $0.attribute(forName: "file")?.stringValue }
            failures += cases.filter { !$0.elements(forName: "failure").isEmpty }.compactMap {
                $0.attribute(forName: "file")?.stringValue.map { URL(fileURLWithPath: $0).lastPathComponent }
            }
            let failed = cases.flatMap { $0.elements(forName: "failure") }.map { $0.xmlString }.joined()
            #expect(run.status == (failed.isEmpty ? 0 : 1), "\(run.standardOutput)\(run.standardError)")
            if !failed.isEmpty {
                #expect(failed.contains("not recorded: no cassette s5.cassette.jsonl for this model call"), "\(failed)")
                #expect(failed.contains("record it with `banter test --record s5.lua`"), "\(failed)")
            }
        }
        #expect(files.sorted() == names.map { folder.file("scenarios/\($0).lua") })
        #expect(failures == ["s5.lua"])
    }

    @Test func aChatGetsTheStreamedAnswerAndEachFaultIsOneLine() throws {
        let folder = try TemporaryFolder()
        let server = try FixtureServer()
        let config = try folder.write(
            "config.toml",
            [
                server.section("echo", modelID: "echo"), server.section("limited", modelID: "limited"),
                server.section("broken", modelID: "broken"), server.section("garbage", modelID: "garbage"),
                server.section("cut", modelID: "cut"), server.section("slow", modelID: "slow", timeout: "1s"),
                "[models.down]\nurl = \"http://127.0.0.1:1/v1\"\nmodel = \"x\"\n",
            ].joined(separator: "\n"))
        let bot = try folder.write(
            "asker.lua",
            """
            bot { name = "Asker" }
            fallback(function(msg, chat)
              local text, err = chat:complete { model = msg.text, messages = chat:history_messages(1) }
              chat:reply(text or err)
            end)
            """)
        let run = try BanterBinary.run(
            ["chat", "--db", folder.file("chat.sqlite"), "--config", config, "--bot", bot, "--width", "300"],
            input: "echo\nlimited\nbroken\ngarbage\ncut\nslow\ndown\nnowhere\n")
        #expect(run.status == 0, "\(run.standardError)")
        let expected = [
            "You said: echo",
            "chat:complete: rate-limited: limited answered 429 Too Many Requests (retry after 7 s): Rate limit reached for requests",
            "chat:complete: bad answer: broken answered HTTP 500 Internal Server Error: The server had an error",
            "chat:complete: bad answer: the stream sent something that is not JSON: this is not json",
            "chat:complete: bad answer: the stream ended before data: [DONE] (the answer may be cut short)",
            "chat:complete: timeout: slow gave no full answer within 1s",
            "chat:complete: refused: nothing answers at http://127.0.0.1:1/v1 (connection refused)",
            "chat:complete: unknown model: no [models.nowhere] in config.toml; configured: broken, cut, down, echo, garbage, limited, slow",
        ]
        for line in expected {
            #expect(run.standardOutput.contains(line), "missing: \(line)\n\(run.standardOutput)")
        }
    }
}
