import BanterTestSupport
import Foundation
import Testing

/// `banter chat` with piped input: deterministic transcripts on a virtual clock.
@Suite struct PipedChatTests {
    /// Input piped in, output to a 44-column terminal that exported COLUMNS=80: the chat
    /// draws at the terminal's width, exactly as `--width 44` draws into a pipe, and wraps
    /// an error between words where the pipe gets it on one line.
    @Test func pipedInputIntoATerminalDrawsAtItsWidth() throws {
        let fixture = try ChatFixture()
        let input =
            "hi, how are you doing this evening?\n/as them fine, and you? it has been a long day here\n/wait soon\n"
        let inputFile = try fixture.write("input.txt", input)
        let arguments = ["--db", ":memory:", "--start", "2026-11-20 19:00", "--time-zone", "UTC", "--border", "ascii"]
        let quoted = arguments.map { "'\($0)'" }.joined(separator: " ")
        let terminal = try TmuxSession(
            command: "cat '\(inputFile)' | '\(BanterBinary.url.path)' chat \(quoted)", width: 44, height: 30,
            environment: ["HOME": fixture.folder.path, "COLUMNS": "80"], directory: fixture.folder.path)
        let exit = try terminal.waitForExit()
        #expect(exit == .status(0) || exit == .unknown)
        let piped = try fixture.chat(arguments + ["--width", "44"], input: input)
        #expect(piped.status == 0, "\(piped.standardError)")
        let expected = piped.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map(Self.trimmingTrailingSpaces)
        #expect(expected.contains { $0.contains("| hi, how are you doing |") }, "44 columns, not 80")
        let error = try #require(expected.last)
        #expect(error.hasPrefix("error: invalid duration \"soon\""))
        let transcript = Array(expected.dropLast())
        let screen = try terminal.screen().map(Self.trimmingTrailingSpaces)
        #expect(Array(screen.prefix(transcript.count)) == transcript)
        let wrapped = Array(screen.dropFirst(transcript.count).prefix { !$0.isEmpty })
        #expect(wrapped.count > 1 && wrapped.allSatisfy { $0.count < 44 }, "\(wrapped)")
        #expect(wrapped.joined(separator: " ") == error)
    }

    private static func trimmingTrailingSpaces<Line: StringProtocol>(_ line: Line) -> String {
        String(line.reversed().drop { $0 == " " }.reversed())
    }

    @Test func transcriptFollowsTheGroupingRulesAcrossTheirBoundaries() throws {
        let fixture = try ChatFixture()
        let input = """
            first
            /wait 20s
            second
            /wait 21s
            third
            /as them reply
            /wait 1h
            same section
            /wait 1h1ms
            new section
            /grouping cluster=2m
            /wait 1m
            joined

            """
        let result = try fixture.chat(["--db", ":memory:"] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        // 20 s apart is one cluster (only the second bubble has the tail), 21 s is not;
        // exactly 1 h stays in the section, 1 h 1 ms starts a new one; the new cluster gap
        // joins a message sent a minute later (the command's output came in between).
        let expected = [
            "              Today 19:00",
            "                             +-------+ ",
            "                             | first | ",
            "                             +-------+ ",
            "                            +--------+ ",
            "                            | second | ",
            "                            +--------+\\",
            "",
            "                             +-------+ ",
            "                             | third | ",
            "                             +-------+\\",
            "",
            " +-------+",
            " | reply |",
            "/+-------+",
            "",
            "                      +--------------+ ",
            "                      | same section | ",
            "                      +--------------+\\",
            "",
            "              Today 21:00",
            "                       +-------------+ ",
            "                       | new section | ",
            "                       +-------------+\\",
            "grouping: section=1h cluster=2m header=\"{day} {time}\"",
            "                            +--------+ ",
            "                            | joined | ",
            "                            +--------+\\",
        ]
        #expect(result.standardOutput == expected.joined(separator: "\n") + "\n")
    }

    @Test func botSeedsGreetingDelayedRepliesAndScriptErrors() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("sam.lua", Self.sam)
        let input = "ping\n/wait 5s\nlater\nboom\nstill here\n"
        let result = try fixture.chat(["--bot", bot, "--db", ":memory:"] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0)
        // Seed yesterday, the greeting as a system line, an immediate reply, a reply 30 s
        // later printed before the next line is read, and the script error as a line with
        // file:line; the message after it is still handled.
        let expected = [
            "            Yesterday 10:00",
            " +-----------+",
            " | Hey there |",
            "/+-----------+",
            "",
            "              Today 19:00",
            "         You matched with Sam",
            "",
            "                              +------+ ",
            "                              | ping | ",
            "                              +------+\\",
            "",
            " +------+",
            " | pong |",
            "/+------+",
            "",
            "                             +-------+ ",
            "                             | later | ",
            "                             +-------+\\",
            "",
            " +-----------------+",
            " | sorry, was away |",
            "/+-----------------+",
            "",
            "                              +------+ ",
            "                              | boom | ",
            "                              +------+\\",
            "      sam.lua:5: attempt to index",
            "        a nil value (local 't')",
            "                        +------------+ ",
            "                        | still here | ",
            "                        +------------+\\",
        ]
        #expect(result.standardOutput == expected.joined(separator: "\n") + "\n")
    }

    static let sam = """
        bot { name = "Sam", greeting = "You matched with Sam" }
        seed { { from = "them", text = "Hey there", at = "-1d 10:00" } }
        on("^ping", function(msg, chat) chat:reply("pong") end)
        on("^later", function(msg, chat) chat:reply("sorry, was away", { after = "30s", typing = true }) end)
        on("^boom", function(msg, chat) local t = nil; return t.x end)
        fallback(function(msg, chat) chat:mark("read") end)
        """

    @Test func badCommandsGetOneLineErrorsWithTheirUsage() throws {
        let fixture = try ChatFixture()
        let input =
            "/bogus\n/wait\n/wait soon\n/grouping cluster=fast\n/grouping header={nope}\n/as me hi\n/more now\n/open nowhere\n/reload\n"
        let result = try fixture.chat(["--db", ":memory:"] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.count == 9)
        #expect(lines.allSatisfy { $0.hasPrefix("error: ") })
        #expect(lines[0] == "error: unknown command /bogus (usage: /help lists the commands)")
        #expect(lines[1] == "error: /wait needs a duration (usage: /wait DURATION)")
        #expect(lines[2].contains("invalid duration \"soon\""))
        #expect(lines[3].contains("cluster: invalid duration \"fast\""))
        #expect(lines[4].contains("{nope}"))
        #expect(lines[5].hasSuffix("(usage: /as them TEXT | /as NAME TEXT)"))
        #expect(lines[6] == "error: /more takes no arguments (usage: /more)")
        #expect(lines[7].contains("no conversation named \"nowhere\""))
        #expect(lines[8].contains("no bot is loaded"))
    }

    /// A bot error that went through the bot's own helpers shows each frame under it, in
    /// the chat and in `banter run` (its transcript and its failure on standard error).
    @Test func scriptErrorsShowTheBotsOwnFrames() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write(
            "deep.lua",
            """
            bot { name = "Deep" }
            local function explode(x)
              local value = x.field.missing
              return value
            end
            local function helper(msg)
              local result = explode(msg)
              return result
            end
            fallback(function(msg, chat) chat:reply(helper({})) end)
            """)
        let chat = try fixture.chat(["--bot", bot, "--db", ":memory:", "--width", "80"], input: "boom\n")
        let lines = chat.standardOutput.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let error = try #require(lines.firstIndex(of: "deep.lua:3: attempt to index a nil value (field 'field')"))
        #expect(
            Array(lines[(error + 1)...].prefix(3)) == [
                "at deep.lua:3 in upvalue 'explode'", "at deep.lua:7 in upvalue 'helper'", "at deep.lua:10 in handler",
            ])

        let scenario = try fixture.write("deep-test.lua", "scenario { bot = \"deep.lua\" }\nme \"boom\"\n")
        let run = try BanterBinary.run(["run", scenario])
        #expect(run.status == 1)
        #expect(run.standardOutput.contains("at deep.lua:7 in upvalue 'helper'"))
        #expect(
            run.standardError.contains(
                "the bot failed: deep.lua:3: attempt to index a nil value (field 'field')\n  at deep.lua:3 in upvalue 'explode'\n"
            ))
    }

    /// `/save` from a script: the scenario it writes replays the chat; an existing file and
    /// a path that cannot be written get one line each and change nothing.
    @Test func saveWritesAScenarioThatReplaysTheChat() throws {
        let fixture = try ChatFixture()
        let bot = Repository.url("examples/bots/grumpy.lua").path
        let saved = fixture.path("grumpy-saved.lua")
        try "keep me".write(toFile: fixture.path("taken.lua"), atomically: true, encoding: .utf8)
        let input =
            [
                "hello", "/wait 90s", "what now", "/as them (someone else)", "/wait 3h", "still grumpy?",
                "/save \(saved)", "/save \(fixture.path("taken.lua"))", "/save /nonexistent-banter/t.lua",
                "/save notes.txt",
            ].joined(separator: "\n") + "\n"
        let result = try fixture.chat(["--bot", bot, "--db", ":memory:"] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("saved 7 messages to \(saved); banter test \(saved) replays them"))
        #expect(
            lines.contains(
                "error: \(fixture.path("taken.lua")) exists; /save! \(fixture.path("taken.lua")) overwrites it"))
        #expect(
            lines.contains(
                "error: cannot write /nonexistent-banter/t.lua: the folder /nonexistent-banter does not exist (create it first, or save elsewhere)"
            ))
        #expect(lines.contains { $0.hasPrefix("error: /save writes a scenario script: name it NAME.lua") })
        #expect(try String(contentsOfFile: fixture.path("taken.lua"), encoding: .utf8) == "keep me")

        let text = try String(contentsOfFile: saved, encoding: .utf8)
        // Foundation on Linux names UTC "GMT".
        #expect(text.contains("  start = \"2026-11-20 19:00:00\",\n  time_zone = \"GMT\",\n  seed = 0,\n"))
        #expect(text.contains("\nwait \"1m30s\"\nme \"what now\"\n"))
        #expect(text.contains("\nthem \"(someone else)\"\n"))
        #expect(text.contains("\n-- Friday 22:02\nexpect_section \"Friday 22:02\"\nme \"still grumpy?\"\n"))
        let replay = try BanterBinary.run(["test", saved])
        #expect(replay.status == 0, "\(replay.standardOutput)\n\(text)")
    }

    /// `/save` after files, replies, reactions, edits and deletions with the chef bot: a
    /// file inside the scenario's folder is named where it is, one outside is written to
    /// `NAME.files/`, and `banter test` replays the whole session.
    @Test func saveRecordsFilesRepliesReactionsEditsAndDeletions() throws {
        let fixture = try ChatFixture()
        let root = Repository.root
        let bot = root.appendingPathComponent("examples/bots/chef.lua").path
        let scenarios = fixture.path("tests")
        try FileManager.default.createDirectory(atPath: scenarios, withIntermediateDirectories: true)
        let picture = scenarios + "/photo.png"
        try FileManager.default.copyItem(
            atPath: root.appendingPathComponent("examples/bots/chef/menu.png").path, toPath: picture)
        let outside = fixture.path("notes.txt")
        try "table by the window".write(toFile: outside, atomically: true, encoding: .utf8)
        let saved = scenarios + "/chef-saved.lua"
        let input =
            [
                "menu", "/attach \(picture) From last time", "/reply Can we book?", "book 8pm", "thanks!",
                "/react 😋", "/edit thanks a lot!", "/attach \(outside)", "secret recipe", "/delete", "/save \(saved)",
                "/save \(fixture.path("missing/t.lua"))",
            ].joined(separator: "\n") + "\n"
        let result = try fixture.chat(["--bot", bot, "--db", ":memory:"] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("wrote 1 sent file it needs to chef-saved.files/ beside it"))
        #expect(
            lines.contains(
                "error: cannot write \(fixture.path("missing/t.lua")): the folder \(fixture.path("missing")) does not exist (create it first, or save elsewhere)"
            ))
        #expect(!FileManager.default.fileExists(atPath: fixture.path("missing")))
        #expect(
            try String(contentsOfFile: scenarios + "/chef-saved.files/notes.txt", encoding: .utf8)
                == "table by the window")

        let text = try String(contentsOfFile: saved, encoding: .utf8)
        for step in [
            #"expect_reply { text = "Here is tonight's menu", file = "menu.png" }"#,
            #"me { text = "From last time", file = "photo.png" }"#,
            #"me { text = "Can we book?", quote = -1 }"#,
            #"expect_edit "Booked for 8pm! See you tonight""#,
            #"expect_reply { text = "Reply to this message if you need to change it.", quote = "book 8pm" }"#,
            #"expect_reaction "❤️""#, #"react "😋""#, #"edit "thanks a lot!""#,
            #"me { file = "chef-saved.files/notes.txt" }"#,
            #"expect_delete "(staff only) the walk-in is broken again""#, "delete()",
        ] {
            #expect(text.contains("\n\(step)\n"), "\(step)\n\(text)")
        }
        let replay = try BanterBinary.run(["test", saved])
        #expect(replay.status == 0, "\(replay.standardOutput)\n\(text)")
    }

    @Test func groupingShowsAndChangesTheRules() throws {
        let fixture = try ChatFixture()
        let input = "/grouping\n/grouping section=2h cluster=5s header=\"{date} {time}\"\n/grouping reset\n"
        let result = try fixture.chat(["--db", ":memory:"] + ChatFixture.reproducible, input: input)
        #expect(
            result.standardOutput == """
                grouping: section=1h cluster=20s header="{day} {time}"
                grouping: section=2h cluster=5s header="{date} {time}"
                grouping: section=1h cluster=20s header="{day} {time}"

                """)
    }

    @Test func historyPersistsAcrossRunsAndConversationsAreListed() throws {
        let fixture = try ChatFixture()
        let db = fixture.path("chat.sqlite")
        let first = try fixture.chat(
            ["--db", db, "--conversation", "diary"] + ChatFixture.reproducible, input: "remember me\n")
        #expect(first.status == 0)
        let second = try fixture.chat(
            ["--db", db, "--conversation", "diary"] + ChatFixture.reproducible, input: "/chats\n/search REMEMBER\n")
        #expect(second.status == 0)
        #expect(second.standardOutput.contains("| remember me |"))
        #expect(second.standardOutput.contains("* diary"))
        #expect(second.standardOutput.contains("You: remember me"))
        #expect(second.standardOutput.contains("1 message with \"REMEMBER\""))
        #expect(
            second.standardOutput.contains("#1  Today 19:00  You: *remember* me"),
            "a hit starts with its id, for #ID references")
    }

    @Test func pendingRepliesArePrintedBeforeExitAndEndlessBotsAreStopped() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write(
            "slow.lua",
            """
            bot { name = "Slow" }
            on("^loop", function(msg, chat) while true do chat:wait(1) end end)
            fallback(function(msg, chat) chat:reply("at last", { after = "3h" }) end)
            """)
        let result = try fixture.chat(["--bot", bot, "--db", ":memory:"] + ChatFixture.reproducible, input: "hi\n")
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("| at last |"))
        #expect(result.standardOutput.contains("Today 22:00"))

        let looping = try fixture.chat(["--bot", bot, "--db", ":memory:"] + ChatFixture.reproducible, input: "loop\n")
        #expect(looping.status == 0)
        // Stopped by the script's pause limit or the REPL's step cap, whichever comes first.
        #expect(looping.standardOutput.contains("slow.lua:2:") || looping.standardOutput.contains("error: "))
    }

    @Test func blankLinesSendNothingAndTextIsTrimmed() throws {
        let fixture = try ChatFixture()
        let result = try fixture.chat(["--db", ":memory:"] + ChatFixture.reproducible, input: "   \n\n  padded  \n")
        #expect(result.standardOutput.contains("| padded |"))
        #expect(result.standardOutput.components(separatedBy: "+--------+").count == 3)
    }

    @Test func untrustedTextIsShownVisiblyNotSentRaw() throws {
        let fixture = try ChatFixture()
        let result = try fixture.chat(
            ["--db", ":memory:"] + ChatFixture.reproducible, input: "evil \u{1B}[2J text\n/open \u{1B}]0;x\u{07}\n")
        #expect(!result.standardOutput.contains("\u{1B}"))
        #expect(result.standardOutput.contains("\u{241B}"))
    }

    @Test func badBotFileIsAnErrorBeforeAnythingStarts() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("broken.lua", "bot { name = ")
        let result = try fixture.chat(["--bot", bot, "--db", ":memory:"], input: "hi\n")
        #expect(result.status != 0)
        #expect(result.standardError.contains("broken.lua"))
        #expect(result.standardOutput.isEmpty)
    }
}
