import BanterTestSupport
import Foundation
import Testing

/// Bots that are programs (docs/external-bots.md), through the real binary: the examples in
/// Python and JavaScript pass under parallel workers, each fault is one line that fails only
/// its scenario, and a piped chat keeps going and `/reload` starts a stopped bot again.
@Suite struct ExternalBotTests {
    /// A Python bot that misbehaves on request; its bot file gives it one second an answer.
    static let faulty = """
        #!/usr/bin/env python3
        from json import dumps, loads
        from sys import exit, stderr, stdin
        from time import sleep
        for line in stdin:
            event = loads(line)
            text = event.get("message", {}).get("text", "")
            print("heard " + event["type"], file=stderr, flush=True)
            if text == "crash":
                print("Traceback: boom", file=stderr, flush=True)
                exit(3)
            if text == "hang":
                sleep(60)
            if text == "garbage":
                print("hello there", flush=True)
            if text == "flood":
                for i in range(5000):
                    print(dumps({"type": "typing", "ms": 1}), flush=True)
            if text == "unknown":
                print(dumps({"type": "dance"}), flush=True)
            if event["type"] == "message":
                print(dumps({"type": "reply", "text": "ok: " + text}), flush=True)
            print(dumps({"type": "done"}), flush=True)
        """

    private func faultyBot(in fixture: ChatFixture) throws -> String {
        let program = try fixture.write("faulty.py", Self.faulty)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program)
        return try fixture.write("faulty.toml", "command = [\"./faulty.py\"]\ntimeout = \"1s\"\n")
    }

    @Test func thePythonAndJavaScriptExamplesPassInParallel() throws {
        let result = try BanterBinary.run(
            ["test", "-j", "2", "examples/scenarios/parrot.lua", "examples/scenarios/tally.lua"],
            currentDirectory: Repository.root)
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardOutput.hasSuffix("2 passed, 0 failed\n"))
        // `banter check` reads their scenarios but not the programs as Lua.
        let check = try BanterBinary.run(
            ["check", "examples/scenarios/parrot.lua", "examples/scenarios/tally.lua"],
            currentDirectory: Repository.root)
        #expect(check.status == 0, "\(check.standardOutput)")
    }

    /// Each fault is one clear line in the scenario that met it; the others pass.
    @Test func eachFaultFailsOnlyItsScenario() throws {
        let fixture = try ChatFixture()
        _ = try faultyBot(in: fixture)
        let faults = ["crash", "hang", "garbage", "flood", "unknown"]
        for fault in faults + ["fine"] {
            try fixture.write(
                "s-\(fault).lua",
                """
                scenario { bot = "faulty.toml", start = "2026-11-20 09:00" }
                me "hi"
                expect_reply "ok: hi"
                me "\(fault)"
                """)
        }
        let result = try BanterBinary.run(["test", "-j", "2", fixture.folder.path])
        #expect(result.status == 1)
        let output = result.standardOutput
        #expect(output.contains("✓ \(fixture.path("s-fine.lua"))"))
        #expect(output.hasSuffix("1 passed, 5 failed\n"), "\(output)")
        let expected = [
            "s-crash.lua:4: the bot failed: faulty.toml ended (exit status 3) before finishing its answer to a message (its last error line: 'Traceback: boom'); it was stopped, /reload starts it again",
            "s-hang.lua:4: the bot failed: faulty.toml did not finish its answer to a message within 1s (it must end each answer with {\"type\":\"done\"}); it was stopped, /reload starts it again",
            "s-garbage.lua:4: the bot failed: faulty.toml answered a message with a line that is not a JSON object: 'hello there' (each line must be one object like {\"type\":\"reply\",\"text\":\"hi\"}); it was stopped, /reload starts it again",
            "s-flood.lua:4: the bot failed: faulty.toml flooded its output (more than 1000 actions or 4 MiB without \"done\") in its answer to a message; it was stopped, /reload starts it again",
            "s-unknown.lua:4: the bot failed: faulty.toml answered a message with an action Banter cannot use (the type 'dance' is unknown; the types are reply, typing, status, react, timer, remember, done): '{\"type\": \"dance\"}'; it was stopped, /reload starts it again",
        ]
        for line in expected { #expect(output.contains("  " + line + "\n"), "\(line)\n\(output)") }
    }

    /// In a piped chat the conversation goes on after a crash, a message to the stopped bot
    /// says so, `/reload` starts it again, and `/trace` shows what it wrote to stderr.
    @Test func aChatKeepsGoingAndReloadRestartsTheBot() throws {
        let fixture = try ChatFixture()
        let bot = try faultyBot(in: fixture)
        let input = ["hi", "crash", "still there?", "/reload", "/trace on", "hi again"].joined(separator: "\n") + "\n"
        let result = try fixture.chat(
            ["--bot", bot, "--db", fixture.path("chat.sqlite")] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        // Notices wrap at 40 columns: read them as one line of words.
        let words = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(output.contains("| ok: hi |"))
        #expect(words.contains("faulty.toml ended (exit status 3)"))
        #expect(words.contains("faulty.toml is stopped (after a fault): /reload starts it again"))
        #expect(output.contains("| ok: hi again |"))
        #expect(output.contains("print: heard message"))
        let again = try fixture.chat(
            ["--db", fixture.path("chat.sqlite"), "--conversation", "faulty"] + ChatFixture.reproducible,
            input: "and now\n")
        #expect(again.standardOutput.contains("| still there? |"))
        #expect(again.standardOutput.contains("| ok: and now |"))
    }

    /// `/save` of a chat with a program bot writes a scenario that `banter test` replays
    /// (timer, status, typing, buttons included), and a program bot joins a group by `/invite`.
    @Test func saveReplaysAProgramBotAndInviteTakesOne() throws {
        let fixture = try ChatFixture()
        let parrot = Repository.url("examples/bots/parrot.py").path
        let saved = fixture.path("parrot-saved.lua")
        let input =
            ["my name is Bo", "remind me", "/wait 2m", "colours?", "/tap 2", "/save \(saved)"]
            .joined(separator: "\n") + "\n"
        let chat = try fixture.chat(["--bot", parrot, "--db", ":memory:"] + ChatFixture.reproducible, input: input)
        #expect(chat.status == 0, "\(chat.standardError)")
        #expect(chat.standardOutput.contains("saved 11 messages to \(saved)"))
        let text = try String(contentsOfFile: saved, encoding: .utf8)
        #expect(text.contains("expect_reply(\"SQUAWK! 60 seconds have passed.\", { within = \"1m6s\" })"))
        let replay = try BanterBinary.run(["test", saved])
        #expect(replay.status == 0, "\(replay.standardOutput)\n\(text)")

        let tally = Repository.url("examples/bots/tally.toml").path
        let group = try fixture.chat(
            ["--bot", parrot, "--db", ":memory:"] + ChatFixture.reproducible,
            input: "hello\n/invite \(tally)\nhow are you\n")
        #expect(group.status == 0, "\(group.standardError)")
        #expect(group.standardOutput.contains("Tally joined the group"))
        #expect(group.standardOutput.contains("| That makes 1. |"))
    }

    /// A file that is neither Lua nor executable, a bot file that names no command, or a
    /// program that is not there is refused before the chat starts, saying what to do.
    @Test(arguments: [
        (
            "plain.py", "print('hi')\n",
            "plain.py: not a Lua bot (.lua) and not executable: make it executable (chmod +x plain.py)"
        ),
        ("empty.toml", "name = \"Nobody\"\n", "empty.toml: \"command\" must be a list of strings naming the program"),
        (
            "missing.toml", "command = [\"no-such-banter-program\"]\n",
            "missing.toml: cannot start no-such-banter-program: the program was not found"
        ),
    ])
    func aBotThatCannotStartIsOneClearError(file: String, contents: String, expected: String) throws {
        let fixture = try ChatFixture()
        let result = try fixture.chat(["--bot", try fixture.write(file, contents), "--db", ":memory:"], input: "")
        #expect(result.status != 0)
        #expect(result.standardError.contains(expected), "\(result.standardError)")
    }
}
