import BanterTestSupport
import Foundation
import Testing

/// Hostile input through the real `banter chat`: messages no one should type, every REPL
/// command and command-line option with missing, malformed and out-of-range values. Each is
/// stored and shown safely or refused with one clear line; nothing crashes, hangs or sends
/// a control sequence to the terminal.
@Suite("Reliability: hostile input", .serialized)
struct HostileInputTests {
    static let arguments = ["--width", "60", "--border", "ascii", "--start", "2026-11-20 19:00", "--time-zone", "UTC"]

    /// A scalar that must never reach the terminal from piped, colourless output.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A: false
        case 0x00..<0x20, 0x7F, 0x80...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    @Test func hostileMessagesAreStoredAndShownSafelyOrRefused() throws {
        let fixture = try ChatFixture()
        let database = fixture.path("chat.sqlite")
        let banter = try RunningBanter(["chat", "--db", database, "--conversation", "hostile"] + Self.arguments)
        let inputs: [[UInt8]] = [
            [
                0x62, 0x61, 0x64, 0x20, 0xFF, 0xFE, 0x20, 0xC3, 0x28, 0x20, 0xED, 0xA0, 0x80, 0x20, 0x9B, 0x33, 0x31,
                0x6D,
            ],
            Array("nul \u{0} byte".utf8),
            Array(String(repeating: "x", count: 1 << 20).utf8),
            Array(" \t \u{3000} \u{A0} ".utf8),
            Array(String(repeating: "\u{301}\u{302}\u{20DD}", count: 40).utf8),
            Array(String(repeating: "😀", count: 10_000).utf8),
            Array(
                "esc \u{1B}[2J\u{1B}[H\u{1B}]0;title\u{7}\u{1B}]8;;http://x\u{1B}\\link\u{1B}P+q\u{1B}\\ \u{1B}c \u{7F} \u{8} \u{C2}\u{9B}31m"
                    .utf8),
            Array("bidi \u{202E}txt.exe\u{202C} \u{2066}iso\u{2069} \u{200F}rlm".utf8),
            Array("cr \r overwrite".utf8),
            Array("<alive>".utf8),
        ]
        for input in inputs { banter.send(bytes: input) }
        let output = banter.endInput()
        #expect(banter.termination.reason == .exit && banter.termination.status == 0, "\(output.prefix(2000))")

        let bad = output.unicodeScalars.first(where: Self.isForbidden)
        #expect(bad == nil, "U+\(String(bad?.value ?? 0, radix: 16)) reached the terminal")
        #expect(output.contains("<alive>"), "the REPL stopped before the last line")
        let limitErrors = output.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(
            limitErrors == [
                "error: the message is 1048576 bytes long; the limit is 65536 bytes (64 KiB): split it into several messages"
            ])
        #expect(output.components(separatedBy: "😀").count - 1 == 10_000, "every emoji shown once")
        #expect(
            output.contains("bad \u{FFFD}\u{FFFD} \u{FFFD}( \u{FFFD}\u{FFFD}\u{FFFD} \u{FFFD}31m"),
            "invalid UTF-8 shown as U+FFFD")
        #expect(output.contains("nul \u{2400} byte"))
        // Long runs without spaces wrap anywhere: look for each neutralised control alone.
        for symbol in ["\u{241B}[2J", "\u{241B}]0;title", "\u{2407}", "\u{241B}c", "\u{2421}", "\u{2408}"] {
            #expect(output.contains(symbol), "\(symbol) not shown")
        }
        #expect(output.contains("<U+009B>31m"))
        #expect(output.contains("bidi txt.exe iso \u{200F}rlm"))
        #expect(output.contains("cr \u{240D} overwrite"))
        let scalars = Array(output.unicodeScalars)
        let circle = scalars.firstIndex(of: "\u{25CC}")
        #expect(circle.map { scalars[$0 + 1] } == "\u{301}", "a leading combining mark gets a dotted circle")

        let stored = try DatabaseCheck(path: database).texts(conversation: "hostile")
        #expect(
            stored.count == 8,
            "the whitespace-only and the 1 MiB message are not stored: \(stored.map { $0.prefix(20) })")
        #expect(stored.contains("nul \u{2400} byte"), "a NUL is stored as its symbol, not cut off with the rest")
        #expect(
            stored.contains(
                "esc \u{1B}[2J\u{1B}[H\u{1B}]0;title\u{7}\u{1B}]8;;http://x\u{1B}\\link\u{1B}P+q\u{1B}\\ \u{1B}c \u{7F} \u{8} \u{C2}\u{9B}31m"
            ),
            "other controls are stored as sent; only the display neutralises them")
        #expect(stored.last == "<alive>")
    }

    @Test(arguments: [
        ("/wait", "error: /wait needs a duration (usage: /wait DURATION)"),
        ("/wait abc", "error: invalid duration \"abc\""),
        ("/wait -5s", "error: invalid duration \"-5s\""),
        ("/wait 99999999999d", "error: invalid duration \"99999999999d\""),
        ("/grouping section=abc", "error: section: invalid duration \"abc\""),
        ("/grouping cluster=-1s", "error: cluster: invalid duration \"-1s\""),
        ("/grouping header={nope}", "error: header: unknown placeholder \"{nope}\""),
        ("/grouping bogus", "error: expected key=value, got \"bogus\""),
        ("/open", "error: /open needs the name of a conversation"),
        ("/open missing", "error: there is no conversation named \"missing\""),
        ("/new", "error: /new needs a name for the conversation"),
        ("/new hostile", "error: a conversation named \"hostile\" already exists"),
        ("/bot", "error: /bot needs a bot script file"),
        ("/bot /nonexistent.lua", "error: nonexistent.lua: cannot read /nonexistent.lua: there is no such file"),
        ("/bot /", "error: /: / is a folder, not a script file"),
        ("/as", "error: /as needs who speaks and the text of the message"),
        ("/as us hi", "error: there is nobody named \"us\" here: this conversation has no group yet"),
        ("/as them", "error: /as them needs the text of the message"),
        ("/search", "error: /search needs words to look for"),
        ("/help nope", "error: unknown command /nope"),
        ("/nope", "error: unknown command /nope"),
        ("/reload", "error: no bot is loaded in this conversation"),
        ("/more extra", "error: /more takes no arguments"),
        ("/quit now", "error: /quit takes no arguments"),
        ("/\u{1B}[2J", "error: unknown command /\u{241B}[2"),
    ])
    func malformedCommandIsOneErrorLineAndTheREPLCarriesOn(command: String, expected: String) throws {
        let fixture = try ChatFixture()
        let result = try fixture.chat(
            ["--db", fixture.path("chat.sqlite"), "--conversation", "hostile"] + Self.arguments,
            input: "\(command)\n<alive>\n")
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        let errors = lines.filter { $0.hasPrefix("error: ") }
        #expect(errors.count == 1, "\(result.standardOutput)")
        #expect(errors.first?.hasPrefix(expected) == true, "\(errors)")
        #expect(result.standardOutput.contains("| <alive> |"), "the REPL stopped")
        #expect(!result.standardOutput.unicodeScalars.contains(where: Self.isForbidden))
    }

    @Test(arguments: [
        (["--width"], "Error: Missing value for '--width <n>'"),
        (["--width", "abc"], "Error: The value 'abc' is invalid for '--width <n>'"),
        (["--width", "5"], "Error: --width must be at least 20 columns, got 5"),
        (["--width", "99999999999999999999"], "Error: The value '99999999999999999999' is invalid for '--width <n>'"),
        (["--width-model", "foo"], "Error: The value 'foo' is invalid for '--width-model <model>'"),
        (["--border", "foo"], "Error: The value 'foo' is invalid for '--border <style>'"),
        (["--start", "garbage"], "Error: --start: invalid time \"garbage\""),
        (["--time-zone", "Mars/Base"], "Error: unknown time zone \"Mars/Base\""),
        (["--instruction-limit", "10"], "Error: --instruction-limit must be at least 1000, got 10"),
        (["--instruction-limit", "lots"], "Error: The value 'lots' is invalid for '--instruction-limit <n>'"),
        (["--memory-limit", "1Q"], "Error: The value '1Q' is invalid for '--memory-limit <size>'"),
        (["--memory-limit", "10"], "Error: --memory-limit must be at least 1M, got 10 bytes"),
        (["--memory-limit", "99999999999G"], "Error: The value '99999999999G' is invalid for '--memory-limit <size>'"),
        (["--time-limit", "forever"], "Error: --time-limit: invalid duration \"forever\""),
        (["--time-limit", "0s"], "Error: --time-limit must be at least 10ms, got 0s"),
        (["--db"], "Error: Missing value for '--db <path>'"),
        (["--bot"], "Error: Missing value for '--bot <file>'"),
        (["--conversation"], "Error: Missing value for '--conversation <name>'"),
        (["--nope"], "Error: Unknown option '--nope'"),
    ])
    func malformedOptionIsAClearUsageError(arguments: [String], expected: String) throws {
        let fixture = try ChatFixture()
        let result = try fixture.chat(["--db", fixture.path("chat.sqlite")] + arguments, input: "hi\n")
        #expect(result.status == 64)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix(expected), "\(result.standardError)")
        #expect(result.standardError.contains("Usage: banter chat"), "\(result.standardError)")
        #expect(
            !FileManager.default.fileExists(atPath: fixture.path("chat.sqlite")),
            "nothing is created before the options are valid")
    }

    @Test func badDatabasePathsAreOneLine() throws {
        let fixture = try ChatFixture()
        for (path, start) in [
            ("/", "banter: Cannot open the Banter database at /: it is a folder."),
            ("/proc/nope/x.sqlite", "banter: Cannot create the folder /proc/nope for the Banter database"),
        ] {
            let result = try fixture.chat(["--db", path], input: "hi\n")
            #expect(result.status == 1)
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(result.standardError.hasPrefix(start), "\(result.standardError)")
        }
    }
}
