import BanterTestSupport
import Foundation
import Testing

/// Mistakes a new user makes on the command line, through the real binary: each is one
/// line that says what, where and what to do, and leaves nothing behind.
@Suite struct UserMistakeTests {
    /// `render` and `export` only read: a database path that does not exist (a typo, or no
    /// chat yet) is said so, and no empty database is created there.
    @Test(arguments: [["render"], ["export", "--format", "json"]])
    func readingAMissingDatabaseSaysSoAndCreatesNothing(command: [String]) throws {
        let fixture = try ChatFixture()
        let path = fixture.path("typo.sqlite")
        let result = try BanterBinary.run(command + ["--db", path])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "banter: there is no database at \(path): banter chat creates one; choose another with --db or BANTER_DB\n"
        )
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// An empty `--conversation` is a usage error of the command line, in its terms.
    @Test(arguments: [["chat", "--db", ":memory:"], ["render"], ["import", "x.json"]])
    func anEmptyConversationNameIsAUsageError(command: [String]) throws {
        let result = try BanterBinary.run(command + ["--conversation", " "])
        #expect(result.status == 64)
        #expect(
            result.standardError.hasPrefix("Error: --conversation needs a name, e.g. --conversation weekend-plans\n"),
            "\(result.standardError)")
    }

    /// `--start` takes the relative times the docs show as a separate argument, though they
    /// start with a dash.
    @Test func startTakesRelativeTimesAsASeparateArgument() throws {
        let fixture = try ChatFixture()
        for start in ["-90m", "-1d 10:00"] {
            let result = try fixture.chat(
                ["--db", ":memory:", "--start", start, "--time-zone", "UTC", "--width", "40"], input: "hi\n")
            #expect(result.status == 0, "\(start): \(result.standardError)")
            #expect(result.standardOutput.contains("│ hi │"), "\(start): \(result.standardOutput)")
        }
    }

    /// Errors quote scripts (Lua shows the token it stopped at) and scenarios: on standard
    /// error too, their control characters are made visible, never sent raw.
    @Test func errorsQuotingAScriptSendNoEscapeToTheTerminal() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("esc.lua", "bot { name = \"E\" }\nx = \"\u{1B}[2J\u{1B}]0;title\u{7}\n")
        let scenario = try fixture.write("esc-test.lua", "scenario {}\nme \"hi\"\nexpect_reply \"\u{1B}[31m\"\n")
        let results = [
            try BanterBinary.run(["run", bot]),
            try BanterBinary.run(["run", scenario]),
            try BanterBinary.run(["replay", scenario, "--max-pause", "0"]),
            try fixture.chat(["--bot", bot, "--db", ":memory:"], input: "hi\n"),
        ]
        for result in results {
            #expect(result.status != 0)
            #expect(result.standardError.contains("\u{241B}"), "\(result.standardError)")
            #expect(
                !result.standardError.contains("\u{1B}") && !result.standardError.contains("\u{7}"),
                "\(result.standardError)")
        }
    }

    /// A file whose name is not UTF-8 cannot be opened by Banter (its name arrives with
    /// U+FFFD in place of the bytes): the error says that, not just "no such file".
    @Test func aFileNameThatIsNotUTF8IsExplained() throws {
        let fixture = try ChatFixture()
        // The file exists under its raw name, bot<FF>.lua, as a user's file would.
        try fixture.create(bytes: Array("bot".utf8) + [0xFF] + Array(".lua".utf8))
        let lossy = fixture.folder.path + "/bot\u{FFFD}.lua"
        let hint = "(its name has bytes that are not UTF-8, which Banter cannot open; rename it)"
        let check = try BanterBinary.run(["check", lossy])
        #expect(check.status == 2)
        #expect(check.standardError.contains("no such file or folder \(hint)"), "\(check.standardError)")
        let chat = try fixture.chat(["--db", ":memory:", "--width", "40"], input: "/attach \(lossy)\n")
        #expect(
            chat.standardOutput.contains("error: cannot attach \(lossy): no such file \(hint)"),
            "\(chat.standardOutput)")
    }

    /// A scenario named with bytes that are not UTF-8, or in a folder named so, would be
    /// passed over without a word (a CI run green without it): `banter test` refuses to run
    /// and `banter check` reports each beside checking the rest, naming them with those bytes
    /// as `\xFF`.
    @Test func aScriptWhosePathIsNotUTF8IsNeverSkippedSilently() throws {
        let fixture = try ChatFixture()
        try fixture.write("good.lua", "scenario {}\nme \"hi\"\n")
        let oddFolder = Array("sub".utf8) + [0xFE]
        try fixture.create(bytes: oddFolder, folder: true)
        for name in [Array("odd".utf8) + [0xFF] + Array(".lua".utf8), oddFolder + Array("/fine.lua".utf8)] {
            try fixture.create(bytes: name, "scenario {}\n")
        }
        let lines = [
            "banter: \(fixture.folder.path)/odd\\xFF.lua: the path has bytes that are not UTF-8, which Banter cannot open; rename the file or its folder\n",
            "banter: \(fixture.folder.path)/sub\\xFE/fine.lua: the path has bytes that are not UTF-8, which Banter cannot open; rename the file or its folder\n",
        ]
        let test = try BanterBinary.run(["test", fixture.folder.path])
        #expect(test.status == 2)
        #expect(test.standardError == lines[0])
        let check = try BanterBinary.run(["check", fixture.folder.path])
        #expect(check.status == 2)
        #expect(check.standardError == lines.joined(), "\(check.standardError)")
    }
}
