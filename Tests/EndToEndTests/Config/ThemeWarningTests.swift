import BanterCore
import BanterTestSupport
import Foundation
import Testing

/// A theme file that is hard to read gets a warning on standard error from every command that
/// draws with it in colour, whichever way it was chosen (`--theme`, `BANTER_THEME`, the
/// configuration file, a user theme by name), once, in the colour depth it is drawn in; plain
/// output and readable or built-in themes get none.
@Suite struct ThemeWarningTests {
    let fixture: ChatFixture
    let environment: [String: String]
    /// Grey on white received bubbles: 2.3:1 in either colour depth.
    let faded: String
    /// Passes in 24-bit colour, but its fill's 256-colour entry does not (white on 167).
    let coarse: String
    let readable: String
    let scenario: String

    init() throws {
        fixture = try ChatFixture()
        environment = [
            "XDG_CONFIG_HOME": fixture.path("config"), "XDG_DATA_HOME": fixture.path("data"),
            "HOME": fixture.folder.path,
        ]
        faded = try fixture.write("faded.toml", "[received]\nfill = \"#FFFFFF\"\ntext = \"#AAAAAA\"\n")
        coarse = try fixture.write("coarse.toml", "extends = \"dark\"\n[sent]\nfill = \"#C73E4E\"\n")
        readable = try fixture.write("readable.toml", "description = \"fine\"\nextends = \"light\"\n")
        scenario = try fixture.write("hello.lua", "scenario { start = \"2026-11-20 18:30\" }\nme \"hello\"\n")
    }

    func banter(_ arguments: [String], input: String = "", extra: [String: String] = [:]) throws -> BanterBinary.Result
    {
        try BanterBinary.run(arguments, input: input, environment: environment.merging(extra) { $1 })
    }

    static let truecolor = ["COLORTERM": "truecolor"]

    /// The one line `faded.toml` gets in `depth`, chosen `from` somewhere.
    func fadedWarning(from origin: String, depth: String) -> String {
        "banter: warning: \(faded) (from \(origin)): [received] text on received bubbles: 2.3:1 in \(depth) (needs 4.5:1)\n"
    }

    @Test func runWarnsAboutAThemeFileGivenWithTheFlag() throws {
        let result = try banter(["run", scenario, "--theme", faded, "--color", "--width", "40"], extra: Self.truecolor)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == fadedWarning(from: "--theme", depth: "24-bit colour"))
        #expect(!result.standardOutput.contains("warning"), "the transcript stays clean")
        #expect(result.standardOutput.contains("hello"))

        // The same words as `banter themes FILE`, which names both depths.
        let listed = try banter(["themes", faded])
        #expect(
            listed.standardError == "banter: warning: \(faded): [received] text on received bubbles: "
                + "2.3:1 in 24-bit colour, 2.3:1 in 256 colours (needs 4.5:1)\n")
    }

    @Test func renderWarnsAboutAThemeFileInTheEnvironment() throws {
        let database = fixture.path("chat.sqlite")
        let chat = try banter(
            ["chat", "--db", database, "--conversation", "t"], input: "hi\n", extra: ["BANTER_THEME": faded])
        #expect(chat.status == 0, "\(chat.standardError)")
        #expect(chat.standardError.isEmpty, "piped chat is plain text: \(chat.standardError)")

        let base = ["render", "--db", database, "--conversation", "t", "--width", "40"]
        let colored = try banter(base + ["--color"], extra: ["BANTER_THEME": faded])
        #expect(colored.status == 0, "\(colored.standardError)")
        #expect(colored.standardError == fadedWarning(from: "environment BANTER_THEME", depth: "256 colours"))
        let plain = try banter(base, extra: ["BANTER_THEME": faded])
        #expect(plain.status == 0)
        #expect(plain.standardError.isEmpty, "plain output draws nothing of the theme: \(plain.standardError)")
        #expect(plain.standardOutput.contains("hi"))

        // HTML is drawn in 24-bit colour; JSON has no colours.
        let html = try banter(
            ["export", "--db", database, "--conversation", "t", "--format", "html"], extra: ["BANTER_THEME": faded])
        #expect(html.standardError == fadedWarning(from: "environment BANTER_THEME", depth: "24-bit colour"))
        #expect(html.standardOutput.contains("color: #AAAAAA"), "the theme is used")
        let json = try banter(
            ["export", "--db", database, "--conversation", "t", "--format", "json"], extra: ["BANTER_THEME": faded])
        #expect(json.status == 0)
        #expect(json.standardError.isEmpty, "\(json.standardError)")
    }

    @Test func replayNamesTheConfigurationLineThatChoseTheTheme() throws {
        try FileManager.default.createDirectory(
            atPath: fixture.path("config/banter"), withIntermediateDirectories: true)
        let config = try fixture.write("config/banter/config.toml", "animation = false\ntheme = \"../../faded.toml\"\n")
        let result = try banter(
            ["replay", scenario, "--color", "--speed", "1000", "--width", "40"], extra: Self.truecolor)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError == fadedWarning(from: "\(config):2", depth: "24-bit colour"))
    }

    @Test func aUserThemeByNameIsAThemeFileToo() throws {
        let themes = fixture.path("config/banter/themes")
        try FileManager.default.createDirectory(atPath: themes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: faded, toPath: themes + "/grey.toml")
        let result = try banter(
            ["run", scenario, "--theme", "grey", "--color", "--width", "40"], extra: Self.truecolor)
        #expect(
            result.standardError.hasPrefix("banter: warning: \(themes)/grey.toml (from --theme): [received] text"),
            "\(result.standardError)")
    }

    @Test func onlyTheColourDepthDrawnCounts() throws {
        let arguments = ["run", scenario, "--theme", coarse, "--color", "--width", "40"]
        let truecolor = try banter(arguments, extra: Self.truecolor)
        #expect(truecolor.status == 0)
        #expect(truecolor.standardError.isEmpty, "readable in 24-bit colour: \(truecolor.standardError)")
        let palette = try banter(arguments)
        #expect(
            palette.standardError.hasPrefix("banter: warning: \(coarse) (from --theme): [sent] text on sent bubbles: "),
            "\(palette.standardError)")
        #expect(palette.standardError.hasSuffix(" in 256 colours (needs 4.5:1)\n"), "\(palette.standardError)")
    }

    @Test(
        "no warning for a readable theme file, a built-in theme, or plain output",
        arguments: [
            ["--theme", "READABLE", "--color"], ["--theme", "dark", "--color"], ["--theme", "FADED"],
        ])
    func quietWhenThereIsNothingToSay(options: [String]) throws {
        let options = options.map { $0 == "READABLE" ? readable : $0 == "FADED" ? faded : $0 }
        let result = try banter(["run", scenario, "--width", "40"] + options, extra: Self.truecolor)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    /// In a terminal the warning comes once, before the chat starts, and is not repeated as
    /// the chat redraws.
    @Test func chatWarnsOnceInATerminal() throws {
        try FileManager.default.createDirectory(
            atPath: fixture.path("config/banter"), withIntermediateDirectories: true)
        let config = try fixture.write("config/banter/config.toml", "theme = \"\(faded)\"\n")
        let terminal = try PseudoTerminal(
            ["chat", "--db", ":memory:", "--width-model", "modern"], model: .modern,
            environment: environment.merging([
                "TERM": "xterm-256color", "COLORTERM": "truecolor", "BANTER_NO_ANIMATION": "1",
            ]) { $1 })
        try terminal.waitFor("Message default…")
        terminal.type("hello\r")
        try terminal.waitFor("Sent")
        terminal.type("/quit\r")
        #expect(terminal.waitForExit() == 0)
        let warning = fadedWarning(from: "\(config):1", depth: "24-bit colour").dropLast()
        #expect(terminal.lines.filter { $0.contains("banter: warning:") } == [String(warning)], "\(terminal.lines)")
    }
}
