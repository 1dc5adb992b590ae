import BanterTestSupport
import Foundation
import Testing

/// The configuration file, `banter config`, `banter config --init` and `banter themes`
/// through the real binary, with a temporary XDG_CONFIG_HOME.
@Suite struct ConfigCommandTests {
    let fixture: ChatFixture
    let environment: [String: String]

    init() throws {
        fixture = try ChatFixture()
        environment = [
            "XDG_CONFIG_HOME": fixture.path("config"), "XDG_DATA_HOME": fixture.path("data"),
            "HOME": fixture.folder.path,
        ]
    }

    var configFile: String { fixture.path("config/banter/config.toml") }

    func banter(_ arguments: [String], input: String = "", extra: [String: String] = [:]) throws -> BanterBinary.Result
    {
        try BanterBinary.run(arguments, input: input, environment: environment.merging(extra) { $1 })
    }

    @Test func initWritesEveryKeyOnceAndNeverOverwrites() throws {
        let first = try banter(["config", "--init"])
        #expect(first.status == 0, "\(first.standardError)")
        #expect(first.standardOutput.hasPrefix("Wrote \(configFile):"))
        let written = try String(contentsOfFile: configFile, encoding: .utf8)
        for key in [
            "database", "bot", "time-zone", "width-model", "border", "theme", "animation", "watch",
            "instruction-limit", "memory-limit", "time-limit", "section-gap", "cluster-gap", "header-pattern",
        ] {
            #expect(written.contains("\n# \(key) = "), "\(key)")
        }

        try "theme = \"dark\"\n".write(toFile: configFile, atomically: true, encoding: .utf8)
        let second = try banter(["config", "--init"])
        #expect(second.status == 1)
        #expect(
            second.standardError
                == "banter: \(configFile) already exists; nothing was written (edit it, or move it away for a fresh one)\n"
        )
        #expect(try String(contentsOfFile: configFile, encoding: .utf8) == "theme = \"dark\"\n")

        // --config names another file, which --init creates.
        let other = fixture.path("elsewhere/banter.toml")
        #expect(try banter(["config", "--init", "--config", other]).status == 0)
        #expect(FileManager.default.fileExists(atPath: other))
    }

    @Test func configShowsEachSettingAndWhereItComesFrom() throws {
        _ = try banter(["config", "--init"])
        try """
        # mine
        theme = "dark"

        [grouping]
        cluster-gap = "5s"

        [sandbox]
        memory-limit = "64M"
        """.write(toFile: configFile, atomically: true, encoding: .utf8)
        let shown = try banter(["config"], extra: ["BANTER_DB": "/tmp/elsewhere.sqlite"])
        #expect(shown.status == 0, "\(shown.standardError)")
        let lines = shown.standardOutput.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        }
        #expect(shown.standardOutput.hasPrefix("Configuration file: \(configFile)\n"))
        #expect(lines.contains(["theme", "dark", "\(configFile):2"]))
        #expect(lines.contains(["grouping.cluster-gap", "5s", "\(configFile):5"]))
        #expect(lines.contains(["database", "/tmp/elsewhere.sqlite", "environment", "BANTER_DB"]))
        #expect(lines.contains(["animation", "true", "default"]))
        #expect(lines.contains(["sandbox.memory-limit", "64M", "\(configFile):8"]), "a size as written, not 67108864")
        #expect(lines.count == 15)

        // A theme of the user's shows its file.
        try FileManager.default.createDirectory(
            atPath: fixture.path("config/banter/themes"), withIntermediateDirectories: true)
        try "extends = \"dark\"\n".write(
            toFile: fixture.path("config/banter/themes/night.toml"), atomically: true, encoding: .utf8)
        let user = try banter(["config"], extra: ["BANTER_THEME": "night"])
        #expect(
            user.standardOutput.contains("night (\(fixture.path("config/banter/themes/night.toml")))"),
            "\(user.standardOutput)")

        // A theme file named by its path shows the path once.
        let file = fixture.path("config/banter/themes/night.toml")
        #expect(
            try banter(["config"], extra: ["BANTER_THEME": file]).standardOutput.contains(
                "theme                      \(file)  "))

        let overridden = try banter(["config"], extra: ["BANTER_THEME": "mono"])
        #expect(overridden.standardOutput.contains("theme                      mono"))
        #expect(overridden.standardOutput.contains("environment BANTER_THEME"))
    }

    @Test("a broken configuration stops every command with its line, exit 2, nothing printed")
    func brokenConfigurationStopsBanter() throws {
        try FileManager.default.createDirectory(
            atPath: fixture.path("config/banter"), withIntermediateDirectories: true)
        try "theme = \"dark\"\n[sandbox]\ntime-limit = 2\n".write(toFile: configFile, atomically: true, encoding: .utf8)
        let expected =
            "banter: \(configFile):3: sandbox.time-limit must be a duration of at least 10ms in quotes, e.g. \"2s\" or \"500ms\", not the number 2\n"
        for arguments in [["config"], ["chat", "--db", ":memory:"], ["render"], ["export", "--format", "json"]] {
            let result = try banter(arguments, input: "hello\n")
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError == expected, "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
        }
        // A theme the file names must exist, for every command, drawing or not.
        try "theme = \"solarised\"\n".write(toFile: configFile, atomically: true, encoding: .utf8)
        for arguments in [["config"], ["import", fixture.path("x.json")], ["render", "--theme", "mono"]] {
            let result = try banter(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(
                result.standardError.hasPrefix("banter: \(configFile):1: unknown theme \"solarised\""), "\(arguments)")
        }
        let missing = try banter(["render", "--config", fixture.path("nope.toml")])
        #expect(missing.status == 2)
        #expect(
            missing.standardError.hasPrefix(
                "banter: \(fixture.path("nope.toml")): no such configuration file (named by --config)"))
        try FileManager.default.removeItem(atPath: configFile)
        let unknownTheme = try banter(["render", "--theme", "solarized"])
        #expect(unknownTheme.status == 2)
        #expect(
            unknownTheme.standardError.hasPrefix(
                "banter: --theme: unknown theme \"solarized\": built-in themes are default, dark, light, mono"))
    }

    @Test("the configuration's database, time zone and grouping reach a new chat; flags still win")
    func settingsReachTheChat() throws {
        try FileManager.default.createDirectory(
            atPath: fixture.path("config/banter"), withIntermediateDirectories: true)
        try """
        database = "chats/main.sqlite"
        time-zone = "Asia/Tokyo"
        border = "ascii"
        [grouping]
        header-pattern = "{time} ({day})"
        """.write(toFile: configFile, atomically: true, encoding: .utf8)
        let chat = try banter(
            ["chat", "--conversation", "cfg", "--start", "2026-11-20 19:00", "--width", "40"], input: "hello\n")
        #expect(chat.status == 0, "\(chat.standardError)")
        #expect(FileManager.default.fileExists(atPath: fixture.path("config/banter/chats/main.sqlite")))
        #expect(chat.standardOutput.contains("19:00 ("))
        #expect(chat.standardOutput.contains("+-------+"))

        let rendered = try banter([
            "render", "--conversation", "cfg", "--width", "40", "--time-zone", "UTC", "--border", "rounded",
        ])
        #expect(rendered.status == 0, "\(rendered.standardError)")
        #expect(rendered.standardOutput.contains("10:00 ("))
        #expect(rendered.standardOutput.contains("╭───────╮"))
    }

    @Test("themes: --theme beats the file; mono has no colour; HTML uses the theme")
    func themesReachTheOutput() throws {
        try FileManager.default.createDirectory(
            atPath: fixture.path("config/banter"), withIntermediateDirectories: true)
        try "theme = \"dark\"\n".write(toFile: configFile, atomically: true, encoding: .utf8)
        let chat = try banter(["chat", "--db", fixture.path("t.sqlite"), "--conversation", "t"], input: "hi\n")
        #expect(chat.status == 0, "\(chat.standardError)")
        let base = ["render", "--db", fixture.path("t.sqlite"), "--conversation", "t", "--color", "--width", "40"]
        let dark = try banter(base, extra: ["COLORTERM": "truecolor"])
        #expect(dark.standardOutput.contains("\u{1B}[48;2;198;46;74m"))
        let mono = try banter(base + ["--theme", "mono"], extra: ["COLORTERM": "truecolor"])
        #expect(!mono.standardOutput.contains("\u{1B}[38;") && !mono.standardOutput.contains("\u{1B}[48;"))
        #expect(mono.standardOutput.contains("\u{1B}[1m"))
        let html = try banter(["export", "--db", fixture.path("t.sqlite"), "--conversation", "t", "--format", "html"])
        #expect(html.standardOutput.contains("background: #1C1C1E; }"))
    }

    @Test("banter themes lists built-ins and the user's themes, plain when piped")
    func themesCommand() throws {
        let themes = fixture.path("config/banter/themes")
        try FileManager.default.createDirectory(atPath: themes, withIntermediateDirectories: true)
        try "description = \"deep blue\"\nextends = \"dark\"\n[sent]\nfill = 27\n"
            .write(toFile: themes + "/ocean.toml", atomically: true, encoding: .utf8)
        let listed = try banter(["themes"])
        #expect(listed.status == 0, "\(listed.standardError)")
        #expect(
            listed.standardOutput == """
                default  brand pink and light grey bubbles, for any background
                dark     for dark terminal backgrounds
                light    for light terminal backgrounds
                mono     no colour, attributes only; outlined bubbles
                ocean    deep blue (\(themes)/ocean.toml)

                """)
        let chosen = try banter([
            "run", Repository.url("examples/scenarios/alisha.lua").path,
            "--theme", "ocean", "--color", "--width", "60",
        ])
        #expect(chosen.status == 0, "\(chosen.standardError)")
        #expect(chosen.standardOutput.contains("\u{1B}[48;5;27m"))
        #expect(listed.standardError.isEmpty, "\(listed.standardError)")

        // Hard to read is a warning, not an error: the theme is listed and usable.
        try "[received]\nfill = \"#FFFFFF\"\ntext = \"#AAAAAA\"\n".write(
            toFile: themes + "/faded.toml", atomically: true, encoding: .utf8)
        let faded = try banter(["themes"])
        #expect(faded.status == 0)
        #expect(faded.standardOutput.contains("faded"))
        #expect(
            faded.standardError.hasPrefix(
                "banter: warning: \(themes)/faded.toml: [received] text on received bubbles: 2.3:1 in 24-bit colour"),
            "\(faded.standardError)")
        // A file named on the command line is checked alone, wherever it is.
        let moved = fixture.path("faded.toml")
        try FileManager.default.moveItem(atPath: themes + "/faded.toml", toPath: moved)
        let named = try banter(["themes", moved])
        #expect(named.status == 0)
        #expect(named.standardOutput == "faded  your theme (\(moved))\n")
        #expect(named.standardError.contains("[received] text on received bubbles"))
        let missing = try banter(["themes", fixture.path("nowhere.toml")])
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("banter: "))

        try "[sent]\nfill = \"blue\"\n".write(toFile: themes + "/broken.toml", atomically: true, encoding: .utf8)
        let broken = try banter(["themes"])
        #expect(broken.status == 2)
        #expect(broken.standardError.hasPrefix("banter: \(themes)/broken.toml:2: \"blue\" is not a colour"))
        #expect(broken.standardOutput.contains("ocean"))
    }
}
