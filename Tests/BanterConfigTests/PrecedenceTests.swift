import BanterCore
import BanterTheme
import Foundation
import Testing

@testable import BanterConfig

/// flag > environment > configuration file > built-in default, for each kind of key.
@Suite("Settings precedence")
struct PrecedenceTests {
    static let path = "/home/u/.config/banter/config.toml"

    static func settings(_ file: String?, environment: [String: String] = [:]) throws -> Settings {
        Settings(file: try file.map { try ConfigFile(text: $0, path: path) }, environment: environment)
    }

    @Test("a name (theme): flag, then BANTER_THEME, then the file, then default")
    func text() throws {
        let file = "theme = \"dark\"\n"
        let both = try Self.settings(file, environment: ["BANTER_THEME": "light"])
        #expect(
            try both.resolve(.theme, flag: .text("mono"))
                == ResolvedSetting(key: .theme, value: .text("mono"), source: .flag("--theme")))
        #expect(
            try both.resolve(.theme)
                == ResolvedSetting(key: .theme, value: .text("light"), source: .environment("BANTER_THEME")))
        #expect(
            try Self.settings(file).resolve(.theme)
                == ResolvedSetting(key: .theme, value: .text("dark"), source: .file(path: Self.path, line: 1)))
        #expect(
            try Self.settings(nil).resolve(.theme)
                == ResolvedSetting(key: .theme, value: .text("default"), source: .builtIn))
        // An empty variable sets nothing.
        #expect(try Self.settings(file, environment: ["BANTER_THEME": ""]).resolve(.theme).value == .text("dark"))
    }

    @Test("a path (database): the file's is relative to the file, the flag's and BANTER_DB as given")
    func path() throws {
        let file = "\n\ndatabase = \"data/chat.sqlite\"\n"
        let settings = try Self.settings(file, environment: ["BANTER_DB": "env.sqlite"])
        #expect(try settings.path(.database, flag: "flag.sqlite") == "flag.sqlite")
        #expect(try settings.path(.database, flag: nil) == "env.sqlite")
        let fileOnly = try Self.settings(file)
        #expect(try fileOnly.path(.database, flag: nil) == "/home/u/.config/banter/data/chat.sqlite")
        #expect(try fileOnly.resolve(.database).source == .file(path: Self.path, line: 3))
        #expect(try Self.settings("database = \":memory:\"").path(.database, flag: nil) == ":memory:")
        #expect(try Self.settings(nil).path(.database, flag: nil) == nil)
    }

    @Test("a switch (animation): --no-animation, BANTER_NO_ANIMATION, the file, on")
    func flag() throws {
        let settings = try Self.settings("animation = true", environment: ["BANTER_NO_ANIMATION": "1"])
        #expect(try settings.isOn(.animation, flag: false) == false)
        #expect(try settings.resolve(.animation).source == .environment("BANTER_NO_ANIMATION"))
        #expect(try settings.isOn(.animation) == false)
        #expect(try Self.settings("animation = false").isOn(.animation) == false)
        #expect(try Self.settings("animation = false").isOn(.animation, flag: true) == true)
        #expect(try Self.settings(nil).isOn(.animation) == true)
        #expect(try Self.settings("watch = false").isOn(.watch) == false)
    }

    @Test("numbers, sizes and durations (sandbox): flag, then the file, then ScriptLimits.default")
    func limits() throws {
        let file = "[sandbox]\ninstruction-limit = 5000\nmemory-limit = \"64M\"\ntime-limit = \"500ms\"\n"
        let settings = try Self.settings(file)
        #expect(try settings.resolve(.instructionLimit, flag: .integer(9000)).value == .integer(9000))
        #expect(try settings.resolve(.instructionLimit).value == .integer(5000))
        #expect(try settings.resolve(.memoryLimit).value == .integer(64 << 20))
        #expect(
            try settings.resolve(.timeLimit)
                == ResolvedSetting(
                    key: .timeLimit, value: .text("500ms"), source: .file(path: Self.path, line: 4)))
        #expect(try Self.settings(nil).resolve(.memoryLimit).value == .text("32M"))
    }

    @Test("a key without an environment variable (time-zone) ignores the environment")
    func noVariable() throws {
        let settings = try Self.settings(
            "time-zone = \"Asia/Tokyo\"", environment: ["TZ": "UTC", "BANTER_TIME_ZONE": "UTC"])
        #expect(try settings.resolve(.timeZone).value == .text("Asia/Tokyo"))
        #expect(
            try Self.settings(nil).resolve(.timeZone) == ResolvedSetting(key: .timeZone, value: nil, source: .builtIn))
    }

    @Test("grouping rules for new conversations come from the file, else the built-in rules")
    func rules() throws {
        let rules = try Self.settings("[grouping]\nsection-gap = \"2h\"\nheader-pattern = \"{time}\"\n")
            .newConversationRules()
        #expect(rules == GroupingRules(sectionGap: .seconds(7200), clusterGap: .seconds(20), headerPattern: "{time}"))
        #expect(try Self.settings(nil).newConversationRules() == GroupingRules())
    }

    @Test("a bad value in an environment variable is an error naming the variable")
    func badEnvironment() throws {
        let settings = try Self.settings(nil, environment: ["BANTER_THEME": "nope"])
        #expect(throws: ConfigError.self) { try settings.theme(flag: nil) }
        do {
            _ = try settings.theme(flag: nil)
        } catch {
            #expect(
                error.description.hasPrefix(
                    "BANTER_THEME: unknown theme \"nope\": built-in themes are default, dark, light, mono"))
        }
    }

    @Test("the theme: a name, or a theme file relative to the configuration file")
    func theme() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("banter-theme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("themes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "[sent]\nfill = 27\n".write(
            to: folder.appendingPathComponent("themes/blue.toml"), atomically: true, encoding: .utf8)
        let file = try ConfigFile(
            text: "theme = \"themes/blue.toml\"", path: folder.appendingPathComponent("config.toml").path)
        let settings = Settings(file: file, environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        let choice = try settings.theme(flag: nil)
        #expect(choice.name == "blue")
        #expect(choice.palette.sent.fill == .indexed(27))
        #expect(try settings.theme(flag: "mono").palette == .mono)
        // A user theme by name, from $XDG_CONFIG_HOME/banter/themes.
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("banter/themes"), withIntermediateDirectories: true)
        try "extends = \"light\"\n".write(
            to: folder.appendingPathComponent("banter/themes/paper.toml"), atomically: true, encoding: .utf8)
        let user = Settings(file: nil, environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(try user.theme(flag: "paper").palette == .light)
    }
}
