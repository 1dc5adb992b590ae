import BanterCore
import Testing

@Suite("Sanitizer")
struct SanitizerTests {
    @Test func cleanASCIIIsUnchanged() {
        #expect(Sanitizer.sanitize("Hello, world!") == "Hello, world!")
        #expect(Sanitizer.sanitize("two\nlines", keepingNewlines: true) == "two\nlines")
    }

    @Test func c0ControlsAndDeleteBecomeControlPictures() {
        #expect(Sanitizer.sanitize("a\u{1B}[31mb") == "a␛[31mb")
        #expect(Sanitizer.sanitize("\u{0}\u{7}\u{8}\u{7F}") == "␀␇␈␡")
    }

    @Test func c1ControlsAreShownAsCodePoints() {
        #expect(Sanitizer.sanitize("x\u{9B}31my") == "x<U+009B>31my")
        #expect(Sanitizer.sanitize("\u{85}") == "<U+0085>")
    }

    @Test func carriageReturns() {
        #expect(Sanitizer.sanitize("over\rwrite") == "over␍write")
        #expect(Sanitizer.sanitize("end\r") == "end␍")
        #expect(Sanitizer.sanitize("a\r\nb", keepingNewlines: true) == "a\nb")
    }

    @Test func lineBreaksKeptOnlyInBodies() {
        #expect(Sanitizer.sanitize("a\nb") == "a␊b")
        #expect(Sanitizer.sanitize("a\u{2028}b", keepingNewlines: true) == "a\nb")
    }

    @Test func tabsExpand() {
        #expect(Sanitizer.sanitize("a\tb") == "a    b")
        #expect(Sanitizer.sanitize("a\tb", tabWidth: 2) == "a  b")
    }

    @Test func bidiControlsAreDropped() {
        let trojan = "access\u{202E}level\u{2066}admin\u{2069}\u{202A}\u{202B}\u{202C}\u{202D}\u{2067}\u{2068}"
        #expect(Sanitizer.sanitize(trojan) == "accessleveladmin")
    }

    @Test func joinersSelectorsAndTagsAreKept() {
        let text = "👨‍👩‍👧 ❤️ a\u{200C}b 🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(Sanitizer.sanitize(text) == text)
    }

    @Test func leadingCombiningMarkGetsABase() {
        #expect(Sanitizer.sanitize("\u{301}x") == "\u{25CC}\u{301}x")
        #expect(Sanitizer.sanitize("a\n\u{301}", keepingNewlines: true) == "a\n\u{25CC}\u{301}")
        #expect(Sanitizer.sanitize("e\u{301}") == "e\u{301}")
    }
}
