import Testing

@testable import BanterTheme

/// Every built-in theme keeps every text readable on the background it is drawn on (WCAG 2
/// contrast, 24-bit and 256 colours), and the check itself catches what it should.
@Suite struct ThemeContrastTests {
    @Test(arguments: BuiltInTheme.allCases)
    func builtInThemesAreReadable(theme: BuiltInTheme) {
        let problems = theme.palette.contrastProblems
        #expect(problems.isEmpty, "\(theme): \(problems.map(\.summary).joined(separator: "; "))")
    }

    /// Inside a bubble every text is read against its fill, the quiet roles too (a quote's
    /// sender, an attachment's size, the edited mark): 4.5:1 whatever the role's own minimum.
    @Test(arguments: BuiltInTheme.allCases)
    func everyTextInABubbleReadsAtFourAndAHalf(theme: BuiltInTheme) {
        let inBubbles = theme.palette.contrastPairs.filter { $0.background.hasSuffix("bubbles") }
        #expect(Set(inBubbles.map(\.what)).count == 2 + Palette.TextRole.allCases.filter(\.isDrawnInBubbles).count)
        for pair in inBubbles {
            #expect(pair.ratio >= 4.5, "\(theme): \(pair.summary)")
        }
    }

    @Test func everyRoleIsCheckedOnEveryBackgroundItIsDrawnOn() {
        let pairs = Palette.standard.contrastPairs
        for depth in ColorDepth.allCases {
            for role in Palette.TextRole.allCases {
                let places = Set(
                    pairs.filter { $0.what == "[\(role.rawValue)]" && $0.depth == depth }.map(\.background))
                #expect(
                    places == (role.isDrawnInBubbles ? ["sent bubbles", "received bubbles"] : ["the page"]), "\(role)")
            }
            #expect(pairs.contains { $0.what == "[sent] text" && $0.depth == depth })
            #expect(pairs.contains { $0.what == "[received] text" && $0.depth == depth })
        }
    }

    @Test func ratiosFollowWCAG() {
        let white = RGBColor(red: 255, green: 255, blue: 255), black = RGBColor(red: 0, green: 0, blue: 0)
        #expect(abs(white.contrastRatio(with: black) - 21) < 0.001)
        #expect(black.contrastRatio(with: white) == white.contrastRatio(with: black))
        #expect(white.contrastRatio(with: white) == 1)
        // #767676 is the lightest grey that reaches 4.5:1 on white.
        #expect(RGBColor(hex: "#767676")!.contrastRatio(with: white) >= 4.5)
        #expect(RGBColor(hex: "#777777")!.contrastRatio(with: white) < 4.5)
    }

    @Test func theOldPinkAndTheFaintQuoteOnItAreCaught() {
        var palette = Palette.standard
        palette.sent.fill = .rgb(RGBColor(hex: "#F25967")!)
        palette.quote = .faint
        let problems = palette.contrastProblems.map(\.what)
        #expect(problems.contains("[sent] text"))
        #expect(problems.contains("[quote]"))
    }

    @Test func theCheckUsesTheNearestPaletteEntryAt256Colours() throws {
        var palette = Palette.standard
        // The dark theme's old fill: white on it is 4.9:1 as written, but 3.6:1 on its
        // nearest palette entry (#D75F5F).
        palette.sent.fill = .rgb(try #require(RGBColor(hex: "#C73E4E")))
        palette.sent.secondary = .rgb(.white)
        let problems = palette.contrastProblems.filter { $0.what == "[sent] text" }
        #expect(problems.map(\.depth) == [.palette256])
    }

    @Test func faintTextIsMeasuredAsTheTerminalsDrawIt() {
        var palette = Palette.mono
        palette.quote = .faint
        // Black made faint on white: xterm keeps it black, VTE and kitty draw it grey (3.9:1).
        let quote = palette.contrastPairs.filter { $0.what == "[quote]" }
        #expect(quote.allSatisfy { abs($0.ratio - 3.9) < 0.1 })
        #expect(quote.contains { !$0.isReadable })
    }

    @Test func secondaryTextIsTheBubblesTextTintedTowardItsFill() throws {
        for theme in BuiltInTheme.allCases where theme.palette.fillsBubbles {
            for side in Palette.BubbleRole.allCases {
                let bubble = theme.palette[keyPath: side.keyPath]
                let tint = try #require(bubble.secondaryText)
                let fill = try #require(bubble.fill)
                #expect(tint.worstContrast(on: fill) >= 4.5, "\(theme) \(side)")
                #expect(theme.palette.style(of: .quote, in: side).foreground == tint)
                #expect(theme.palette.style(of: .link, in: side).foreground == nil)
            }
        }
        // Grey on a light grey bubble really is quieter than the text.
        let received = Palette.standard.received
        #expect(received.secondaryText != received.text)
        // A colour set in the theme wins over the derived one; a role's own colour over both.
        var palette = Palette.standard
        palette.sent.secondary = .indexed(231)
        #expect(palette.style(of: .attachment, in: .sent).foreground == .indexed(231))
        palette.attachment.foreground = .indexed(16)
        #expect(palette.style(of: .attachment, in: .sent).foreground == .indexed(16))
        #expect(Palette.mono.style(of: .quote, in: .sent).foreground == nil)
    }

    /// The default theme is meant for any terminal: besides its white page, every text it
    /// colours stays at least 3:1 on a dark terminal.
    @Test func theDefaultThemeReadsOnADarkTerminalToo() throws {
        var palette = Palette.standard
        palette.page = PageColors(background: .rgb(try #require(RGBColor(hex: "#1C1C1E"))), text: .rgb(.lightGrey))
        let low = palette.contrastPairs.filter { $0.ratio < 3 }
        #expect(low.isEmpty, "\(low.map(\.summary))")
    }
}

extension ThemeContrastTests {
    /// What `banter themes` prints: one line per text and background, each colour depth's
    /// ratio, and a role drawn in the colours of a text already named is not named again.
    @Test func warningsNameEachProblemOnce() throws {
        var palette = Palette.standard
        palette.sent.fill = .rgb(try #require(RGBColor(hex: "#F25967")))
        palette.quote = .faint
        #expect(
            palette.contrastWarnings() == [
                "[sent] text on sent bubbles: 3.2:1 in 24-bit colour, 2.9:1 in 256 colours (needs 4.5:1)",
                "[quote] on sent bubbles: 1.4:1 in 24-bit colour, 1.2:1 in 256 colours (needs 4.5:1)",
                "[quote] on received bubbles: 1.9:1 in 24-bit colour, 1.9:1 in 256 colours (needs 4.5:1)",
            ])
        #expect(Palette.standard.contrastWarnings().isEmpty)
    }

    /// What a command that draws prints: only the depth it draws in, in the same words.
    @Test func warningsForOneColourDepthNameOnlyIt() throws {
        var palette = Palette.standard
        palette.sent.fill = .rgb(try #require(RGBColor(hex: "#C73E4E")))
        palette.sent.secondary = .rgb(.white)
        #expect(palette.contrastWarnings(in: [.trueColor]).isEmpty)
        #expect(
            palette.contrastWarnings(in: [.palette256]) == [
                "[sent] text on sent bubbles: 3.6:1 in 256 colours (needs 4.5:1)"
            ])
        #expect(palette.contrastWarnings() == palette.contrastWarnings(in: [.palette256]))

        palette.sent.fill = .rgb(try #require(RGBColor(hex: "#F25967")))
        #expect(
            palette.contrastWarnings(in: [.trueColor]) == [
                "[sent] text on sent bubbles: 3.2:1 in 24-bit colour (needs 4.5:1)"
            ])
    }
}
