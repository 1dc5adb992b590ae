import Foundation
import Testing

@testable import BanterConfig

/// Every kind of mistake in config.toml, with the line it is on and what is accepted.
@Suite("Configuration errors")
struct ConfigErrorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var message: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "syntax", text: "theme = \"dark\"\nborder = \n",
            message: "config.toml:2: not valid TOML: "),
        Case(
            name: "unknown key", text: "# hi\n\ncolour = \"red\"\n",
            message:
                "config.toml:3: unknown key \"colour\": accepted keys are database, bot, time-zone, width-model, border, theme, animation, watch, sandbox, grouping"
        ),
        Case(
            name: "unknown key in a table", text: "[sandbox]\ninstructions = 5\n",
            message:
                "config.toml:2: unknown key \"instructions\" in [sandbox]: accepted keys are instruction-limit, memory-limit, time-limit"
        ),
        Case(
            name: "wrong type", text: "animation = \"yes\"\n",
            message: "config.toml:1: animation must be true or false, not the string \"yes\""),
        Case(
            name: "wrong type, number for a string", text: "border = 3\n",
            message: "config.toml:1: border must be \"filled\", \"rounded\", \"ascii\", not the number 3"),
        Case(
            name: "array", text: "theme = [\n  \"dark\",\n]\n",
            message: "config.toml:1: theme must be a theme name or a theme file's path, in quotes, not an array"),
        Case(
            name: "bad choice", text: "database = \"x\"\nborder = \"round\"\n",
            message: "config.toml:2: border \"round\" is not one of \"filled\", \"rounded\", \"ascii\""),
        Case(
            name: "bad width model", text: "width-model = \"wide\"\n",
            message: "config.toml:1: width-model \"wide\" is not one of \"modern\" or \"legacy\""),
        Case(
            name: "unknown time zone", text: "time-zone = \"Mars/Olympus\"\n",
            message:
                "config.toml:1: unknown time zone \"Mars/Olympus\": write a time zone name in quotes, e.g. \"Europe/Paris\" or \"UTC\""
        ),
        Case(
            name: "limit too small", text: "[sandbox]\n\ninstruction-limit = 10\n",
            message: "config.toml:3: sandbox.instruction-limit must be at least 1000, got 10"),
        Case(
            name: "bad size", text: "[sandbox]\nmemory-limit = \"12Q\"\n",
            message:
                "config.toml:2: sandbox.memory-limit must be a size of at least 1M: bytes (67108864) or \"64M\", \"1G\", not the string \"12Q\""
        ),
        Case(
            name: "size too small", text: "[sandbox]\nmemory-limit = 1024\n",
            message: "config.toml:2: sandbox.memory-limit must be at least 1M, got 1024 bytes"),
        Case(
            name: "bad duration", text: "[grouping]\ncluster-gap = \"soon\"\n",
            message:
                "config.toml:2: grouping.cluster-gap: invalid duration \"soon\": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms"
        ),
        Case(
            name: "time limit too small", text: "[sandbox]\ntime-limit = \"1ms\"\n",
            message: "config.toml:2: sandbox.time-limit must be at least 10ms, got 1ms"),
        Case(
            name: "bad header pattern", text: "[grouping]\nheader-pattern = \"{dya}\"\n",
            message:
                "config.toml:2: grouping.header-pattern: unknown placeholder \"{dya}\" in header pattern \"{dya}\": the valid placeholders are "
        ),
        Case(
            name: "value where a table belongs", text: "sandbox = 3\n",
            message: "config.toml:1: \"sandbox\" must be a table ([sandbox]), not an integer"),
        Case(
            name: "line after a multi-line string and array", text: "bot = \"\"\"\nborder = 1\n\"\"\"\nx = [\n 1,\n]\n",
            message: "config.toml:4: unknown key \"x\""),
        Case(
            name: "a # inside a string is not a comment", text: "theme = \"a#b = c\"\n\"border\" = \"x\"\n",
            message: "config.toml:2: border \"x\" is not one of"),
        Case(
            name: "a table header after an array of tables", text: "[[sandbox]]\n",
            message: "config.toml:1: \"sandbox\" must be a table ([sandbox]), not an array"),
        Case(
            name: "dotted key", text: "sandbox.time-limit = 5\n",
            message: "config.toml:1: sandbox.time-limit must be a duration of at least 10ms in quotes"),
        Case(
            name: "empty path", text: "bot = \"\"\n",
            message: "config.toml:1: bot must be a path in quotes, not the string \"\""),
    ]

    @Test(arguments: cases)
    func error(_ example: Case) {
        do {
            _ = try ConfigFile(text: example.text, path: "config.toml")
            Issue.record("\(example.name): no error")
        } catch {
            #expect(error.description.hasPrefix(example.message), "\(error.description)")
        }
    }

    @Test func unreadableFilesSayWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("banter-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let latin1 = folder.appendingPathComponent("config.toml")
        try Data([0x74, 0x3D, 0x22, 0xFF, 0x22, 0x0A]).write(to: latin1)
        #expect(
            throws: ConfigError(
                origin: latin1.path, line: nil, message: "the configuration file is not UTF-8 text, as TOML must be")
        ) {
            _ = try ConfigFile(path: latin1.path)
        }
        #expect(throws: ConfigError(origin: folder.path, line: nil, message: "is a folder, not a theme file")) {
            _ = try ThemeLibrary(environment: [:]).load(path: folder.path)
        }
        #expect(throws: ConfigError(origin: folder.path, line: nil, message: "is a folder, not a configuration file")) {
            _ = try ConfigFile.load(explicit: folder.path, environment: [:])
        }
    }

    @Test func missingChosenFileIsAnError() throws {
        #expect(throws: ConfigError.self) {
            _ = try ConfigFile.load(explicit: "/nonexistent/banter.toml", environment: [:])
        }
        #expect(throws: ConfigError.self) {
            _ = try ConfigFile.load(explicit: nil, environment: ["BANTER_CONFIG": "/nonexistent/banter.toml"])
        }
        #expect(try ConfigFile.load(explicit: nil, environment: ["XDG_CONFIG_HOME": "/nonexistent"])?.path == nil)
    }
}
