import BanterCore
import BanterTestSupport
import Testing

@testable import BanterTerminal
@testable import BanterTheme

@Suite("Theme goldens")
struct ThemeGoldenTests {
    static let modes: [(String, ColorMode)] = [("truecolor", .trueColor), ("256", .palette256), ("none", .none)]

    /// Everything a theme colours: the reference transcript (bubbles, headers, system lines,
    /// statuses) and the REPL's pieces (typing, notice, search hit, command lines).
    static func sample(_ theme: BuiltInTheme, mode: ColorMode) -> [String] {
        let renderer = ReferenceConversation.renderer(style: nil, colorMode: mode, palette: theme.palette)
        var lines = renderer.render(ReferenceConversation.items, width: 60)
        lines.append(renderer.beginningOfConversation(width: 60))
        lines.append(renderer.typingIndicator(frame: 3, width: 60))
        lines += renderer.systemLine("bot.lua:3: attempt to call a nil value", role: .notice, width: 60)
        let message = ReferenceConversation.messages[0]
        let range = message.text.startIndex..<message.text.index(message.text.startIndex, offsetBy: 3)
        lines.append(renderer.searchHit(message, highlighting: [range], width: 60))
        for status in [DeliveryStatus.sending, .sent, .delivered, .read] {
            lines.append(renderer.statusLine(status, width: 60))
        }
        for role in [Palette.TextRole.trace, .error, .info, .prompt] {
            lines.append(renderer.line("\(role.rawValue) line", role: role))
        }
        return lines
    }

    @Test("each built-in theme at 24-bit, 256 colours and none", arguments: BuiltInTheme.allCases)
    func builtIn(theme: BuiltInTheme) throws {
        for (name, mode) in Self.modes {
            try GoldenFolder.transcripts.check(
                lines: Self.sample(theme, mode: mode), named: "theme-\(theme.rawValue)-\(name)")
        }
    }

    /// Without colour every theme is the same plain text: no escape, and filled bubbles drawn
    /// as outlines.
    @Test func noColourIsThemeIndependent() {
        let plain = Self.sample(.default, mode: .none)
        for theme in BuiltInTheme.allCases {
            #expect(Self.sample(theme, mode: .none) == plain)
        }
        #expect(!plain.joined().contains("\u{1B}"))
    }

    /// 256-colour output uses only palette entries (38;5 / 48;5), never 24-bit sequences.
    @Test(arguments: BuiltInTheme.allCases)
    func palette256HasNo24BitColours(theme: BuiltInTheme) {
        let text = Self.sample(theme, mode: .palette256).joined()
        #expect(!text.contains(";2;"))
        if theme != .mono { #expect(text.contains("[48;5;")) }
    }

    /// Mono is attributes only, in every mode: no colour sequence at all, outlined bubbles.
    @Test func monoHasNoColour() {
        let text = Self.sample(.mono, mode: .trueColor).joined()
        #expect(!text.contains("[38;") && !text.contains("[48;"))
        #expect(text.contains("╭") && text.contains("\u{1B}[1m"))
    }

    /// A 256-colour index in a theme reaches a 24-bit terminal as the index.
    @Test func indexedColoursStayIndexed() {
        var palette = Palette.standard
        palette.sent.fill = .indexed(27)
        let lines = ReferenceConversation.renderer(style: .filled, colorMode: .trueColor, palette: palette)
            .render(ReferenceConversation.items, width: 60).joined()
        #expect(lines.contains("\u{1B}[48;5;27m"))
        #expect(SGR.foreground(.rgb(.brandPink), mode: .palette256) == "\u{1B}[38;5;161m")
        #expect(SGR.foreground(.indexed(7), mode: .none) == "")
    }

    @Test func previewIsPlainWithoutColour() {
        #expect(
            ThemePreview.line(Theme(palette: BuiltInTheme.dark.palette, colorMode: .none))
                == "(Hey!) (Hi there) Today 19:02 Read ✓✓ match system error")
        #expect(
            ThemePreview.line(Theme(palette: BuiltInTheme.dark.palette, colorMode: .trueColor))
                .contains("\u{1B}[48;2;198;46;74m"))
        #expect(
            ThemePreview.kindsLine(Theme(palette: BuiltInTheme.mono.palette, colorMode: .none))
                == "(▎ Sam: hi example.com code edited message deleted 📷 800×600) ❤️ 2 #12")
    }

    /// Both preview lines, indented by two, fit an 80-column terminal in every theme.
    @Test(arguments: BuiltInTheme.allCases)
    func previewFitsEightyColumns(theme: BuiltInTheme) {
        let sample = Theme(palette: theme.palette, colorMode: .trueColor)
        for line in [ThemePreview.line(sample), ThemePreview.kindsLine(sample)] {
            #expect(DisplayWidth.of(SGR.strip(line)) + 2 <= 80, "\(SGR.strip(line))")
            #expect(line.contains("\u{1B}["))
        }
    }
}
