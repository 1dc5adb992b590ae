import BanterTestSupport
import Foundation
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
