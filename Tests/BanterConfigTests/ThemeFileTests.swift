import BanterTestSupport
import Foundation
import Testing

@testable import BanterConfig
@testable import BanterTheme

@Suite("Theme files")
struct ThemeFileTests {
    @Test("a theme file extends a built-in, sets colours by hex and index, removes with none")
    func parse() throws {
        let file = try ThemeFile.parse(
            """
            description = "Ocean"
            extends = "dark"
            [sent]
            fill = "#1F6FEB"
            text = 15
            border = "none"
            [page]
            background = "#000000"
            [header]
            bold = true
            [typing]
            foreground = "none"
            italic = false
            """, origin: "ocean.toml")
        #expect(file.description == "Ocean")
        #expect(
            file.palette.sent == BubbleColors(fill: .rgb(RGBColor(hex: "#1F6FEB")!), border: nil, text: .indexed(15)))
        #expect(file.palette.received == Palette.dark.received)
        #expect(file.palette.page.background == .rgb(RGBColor(red: 0, green: 0, blue: 0)))
        // A table changes only what it sets.
        #expect(file.palette.header == TextStyle(foreground: Palette.dark.header.foreground, bold: true))
        #expect(file.palette.typing == TextStyle())
        #expect(try ThemeFile.parse("", origin: "empty.toml").palette == .standard)
    }

    @Test("every role has a table, every table its keys", arguments: Palette.TextRole.allCases)
    func everyRole(role: Palette.TextRole) throws {
        let file = try ThemeFile.parse(
            "[\(role.rawValue)]\nforeground = 1\nbackground = \"#010203\"\nunderline = true\n", origin: "t.toml")
        #expect(file.palette[keyPath: role.keyPath].foreground == .indexed(1))
        #expect(file.palette[keyPath: role.keyPath].underline)
    }

    /// docs/configuration.md's role table lists every text role, so a new role is documented.
    @Test func theDocsListEveryRole() throws {
        let docs = Repository.url("docs/configuration.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for role in Palette.TextRole.allCases {
            #expect(text.contains("\n| `\(role.rawValue)` | "), "docs/configuration.md lacks the role \(role.rawValue)")
        }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var message: String
        var testDescription: String { message }
    }

    static let errors: [Case] = [
        Case(
            text: "[sent]\nfill = \"#12345\"\n",
            message:
                "t.toml:2: \"#12345\" is not a colour: write a colour \"#RRGGBB\" (e.g. \"#F25967\") or a 256-colour index 0–255 (e.g. 203), or \"none\""
        ),
        Case(text: "[sent]\nfill = \"red\"\n", message: "t.toml:2: \"red\" is not a colour"),
        Case(text: "\n[header]\nforeground = 300\n", message: "t.toml:3: 300 is not a 256-colour index"),
        Case(
            text: "[page]\nbackground = \"none\"\n",
            message:
                "t.toml:2: \"none\" is not a colour: write a colour \"#RRGGBB\" (e.g. \"#F25967\") or a 256-colour index 0–255 (e.g. 203)"
        ),
        Case(
            text: "[bubbles]\n",
            message:
                "t.toml:1: unknown theme key \"bubbles\": accepted theme keys are description, extends, sent, received, page, header, system"
        ),
        Case(
            text: "[sent]\ncolor = 1\n",
            message: "t.toml:2: unknown key \"color\" in [sent]: accepted keys are fill, border, text"),
        Case(text: "[error]\nbold = \"yes\"\n", message: "t.toml:2: bold must be true or false, not a string"),
        Case(
            text: "[error]\nblink = true\n",
            message:
                "t.toml:2: unknown key \"blink\" in [error]: accepted keys are foreground, background, bold, dim, italic, underline, inverse"
        ),
        Case(
            text: "extends = \"solarized\"\n",
            message: "t.toml:1: extends must name a built-in theme: default, dark, light, mono"),
        Case(text: "sent = \"#FFFFFF\"\n", message: "t.toml:1: \"sent\" must be a table ([sent]), not a string"),
        Case(text: "[sent\n", message: "t.toml:1: not valid TOML"),
        Case(text: "[sent]\nfill = \"\\u001B[2J\"\n", message: "t.toml:2: \"␛[2J\" is not a colour"),
    ]

    @Test(arguments: errors)
    func error(_ example: Case) {
        do {
            _ = try ThemeFile.parse(example.text, origin: "t.toml")
            Issue.record("no error for \(example.text)")
        } catch {
            #expect(error.description.hasPrefix(example.message), "\(error.description)")
        }
    }
}
