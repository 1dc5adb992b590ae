import Testing

@testable import BanterTerminal
@testable import BanterTheme

@Suite("Colour mode")
struct ColorModeTests {
    @Test func notATerminalIsPlain() {
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"], isTerminal: false) == .none)
    }

    @Test func noColorWins() {
        #expect(ColorMode.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], isTerminal: true) == .none)
        #expect(ColorMode.detect(environment: ["NO_COLOR": ""], isTerminal: true) == .palette256)
        #expect(ColorMode.detect(environment: ["TERM": "dumb"], isTerminal: true) == .none)
    }

    @Test func trueColorOnlyWhenAnnounced() {
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor"], isTerminal: true) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"], isTerminal: true) == .trueColor)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"], isTerminal: true) == .palette256)
    }

    /// The depth a theme's contrast is checked in: plain text draws no theme colour.
    @Test func contrastIsCheckedInTheDepthDrawn() {
        #expect(ColorMode.none.depth == nil)
        #expect(ColorMode.palette256.depth == .palette256)
        #expect(ColorMode.trueColor.depth == .trueColor)
    }

    @Test func paletteApproximation() {
        #expect(RGBColor(hex: "#D42E5B") == .brandPink)
        #expect(RGBColor(hex: "nope") == nil)
        #expect(RGBColor.white.paletteIndex == 231)
        #expect(RGBColor(red: 0, green: 0, blue: 0).paletteIndex == 16)
        #expect(RGBColor(red: 0x80, green: 0x80, blue: 0x80).paletteIndex == 244)
        #expect(RGBColor.brandPink.paletteIndex == 161)
        #expect(RGBColor(hex: "#F25967")?.paletteIndex == 203)
    }
}
