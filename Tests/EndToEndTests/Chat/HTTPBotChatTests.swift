import BanterTestSupport
import Foundation
import Testing

/// Bots behind an HTTP endpoint (docs/external-bots.md), through the real binary against real
/// servers on loopback: the example Parrot server in both formats passes its scenarios under
/// parallel workers, `--bot-url` chats with a Rasa-shaped channel, and each fault is one
/// line that fails only its scenario.
@Suite struct HTTPBotChatTests {
    static let parrot = Repository.url("examples/bots/parrot_server.py").path

    /// The example scenarios and bot files copied beside each other, the bot files pointing
    /// at `server` instead of the example's fixed port.
    private func examples(for server: LoopbackServer, in fixture: ChatFixture) throws -> [String] {
        for folder in ["bots", "scenarios"] {
            try FileManager.default.createDirectory(
                at: fixture.folder.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for bot in ["parrot-http.toml", "parrot-rasa.toml"] {
            let text = try String(contentsOf: Repository.url("examples/bots/\(bot)"), encoding: .utf8)
            try fixture.write("bots/\(bot)", text.replacingOccurrences(of: "http://127.0.0.1:5055", with: server.base))
        }
        return try ["parrot-http", "parrot-rasa"].map { name in
            for file in ["\(name).lua", "\(name).transcript"] {
                try fixture.write(
                    "scenarios/\(file)",
                    try String(contentsOf: Repository.url("examples/scenarios/\(file)"), encoding: .utf8))
            }
            return fixture.path("scenarios/\(name).lua")
        }
    }

    @Test func theExampleServerPassesItsScenariosInBothFormatsInParallel() throws {
        let server = try LoopbackServer(script: Self.parrot)
        let fixture = try ChatFixture()
        let scenarios = try examples(for: server, in: fixture)
        let result = try BanterBinary.run(["test", "-j", "2"] + scenarios)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("2 passed, 0 failed\n"), "\(result.standardOutput)")
        let check = try BanterBinary.run(["check"] + scenarios)
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    /// `--bot-url` on a Rasa channel: the answers are drawn, a button sends its payload, and
    /// the conversation reopens with its URL.
    @Test func botURLChatsWithARasaChannel() throws {
        let server = try LoopbackServer(script: Self.parrot)
        let fixture = try ChatFixture()
        let input = ["hello", "/tap 2", "my name is Bo", "crackers"].joined(separator: "\n") + "\n"
        let result = try fixture.chat(
            ["--bot-url", server.url("/webhooks/rest/webhook"), "--db", fixture.path("chat.sqlite")]
                + ChatFixture.reproducible, input: input)
        #expect(result.status == 0, "\(result.standardError)")
        // Bubbles wrap at 40 columns: read them as one line of words, without the borders.
        let words = result.standardOutput.split(whereSeparator: { $0.isWhitespace || $0 == "|" }).joined(separator: " ")
        #expect(words.contains("Hi! I'm Parrot on Rasa's REST channel. Pick a colour:"), "\(words)")
        #expect(words.contains("[1 Green] [2 Red]"), "\(words)")
        #expect(words.contains("red is a fine feather colour."), "\(words)")
        #expect(words.contains("https://example.com/red .png"), "\(words)")
        #expect(words.contains("crackers! crackers! squawk, Bo"), "\(words)")
        // The conversation is named after the bot's host, and reopens with the URL stored.
        let again = try fixture.chat(
            ["--db", fixture.path("chat.sqlite"), "--conversation", "127.0.0.1"] + ChatFixture.reproducible,
            input: "crackers\n")
        #expect(again.standardOutput.contains("| crackers! crackers! |"), "\(again.standardOutput)")
    }

    /// A server that is down, slow, errs or answers garbage: one line in the scenario that met
    /// it (given by URL or by bot file), and only that scenario fails.
    @Test func eachFaultFailsOnlyItsScenario() throws {
        let fixture = try ChatFixture()
        let server = try LoopbackServer(script: try fixture.write("faulty.py", HTTPBotFixtures.faultyServer))
        let bots = [
            "down": "\"http://127.0.0.1:1/\"",
            "slow": "\"slow.toml\"",
            "error": "\"\(server.url("/error"))\"",
            "garbage": "\"\(server.url("/garbage"))\"",
            "fine": "\"\(server.url("/fine"))\"",
        ]
        try fixture.write("slow.toml", "url = \"\(server.url("/slow"))\"\ntimeout = \"1s\"\n")
        for (name, bot) in bots {
            try fixture.write(
                "s-\(name).lua",
                """
                scenario { bot = \(bot), start = "2026-11-20 09:00" }
                me "hi"
                expect_reply "ok: hi"
                """)
        }
        let result = try BanterBinary.run(["test", "-j", "2", fixture.folder.path])
        #expect(result.status == 1)
        let output = result.standardOutput
        #expect(output.contains("✓ \(fixture.path("s-fine.lua"))"), "\(output)")
        #expect(output.hasSuffix("1 passed, 4 failed\n"), "\(output)")
        let again = "; the next message is sent to it again"
        let expected = [
            "s-down.lua:2: the bot failed: http://127.0.0.1:1/ did not answer a message: the connection was refused (is its server running on 127.0.0.1:1?)\(again)",
            "s-slow.lua:2: the bot failed: slow.toml did not answer a message: no answer within 1s\(again)",
            "s-error.lua:2: the bot failed: \(server.url("/error")) answered a message with HTTP 500 Internal Server Error: 'boom'\(again)",
            "s-garbage.lua:2: the bot failed: \(server.url("/garbage")) answered a message with a line that is not a JSON object: 'hello there' (each line must be one object like {\"type\":\"reply\",\"text\":\"hi\"})\(again)",
        ]
        for line in expected { #expect(output.contains("  " + line + "\n"), "\(line)\n\(output)") }
    }

    @Test func aBotURLThatIsNotOneIsRefusedBeforeTheChat() throws {
        let fixture = try ChatFixture()
        let result = try fixture.chat(["--bot-url", "localhost:5005", "--db", ":memory:"], input: "")
        #expect(result.status != 0)
        #expect(
            result.standardError.contains("--bot-url takes an http:// or https:// address"), "\(result.standardError)")
    }
}
