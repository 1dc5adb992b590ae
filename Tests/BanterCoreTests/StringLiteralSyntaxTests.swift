import BanterCore
import Foundation
import Testing

/// The one rule for quoted literals: each syntax's bytes pinned (export goldens, stored
/// memory and saved scenarios depend on them), and JSON read back through `JSONDecoder`.
@Suite struct StringLiteralSyntaxTests {
    /// Every C0 control, DEL, a few C1 controls, the separators and bidi controls, the
    /// characters beside them that stay as they are, and text beyond the BMP.
    static let awkward: [String] = [
        "", "plain", "a\"b\\c", "line\nbreak\r\n\ttab",
        String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))),
        "\u{7F}\u{80}\u{85}\u{9B}\u{9F}\u{A0}é", "\u{2027}\u{2028}\u{2029}\u{202A}\u{202E}\u{202F}",
        "\u{2065}\u{2066}\u{2069}\u{206A}", "😀👍🏽 中文", "\u{1}1\u{7F}9",
    ]

    @Test func storedMemoryJSONEscapesOnlyWhatJSONRequires() {
        #expect(StringLiteralSyntax.json.quoted("a\"b\\c\nd\re\tf") == #""a\"b\\c\nd\re\tf""#)
        #expect(StringLiteralSyntax.json.quoted("\u{0}\u{8}\u{C}\u{1B}\u{1F}") == #""\u0000\u0008\u000c\u001b\u001f""#)
        #expect(
            StringLiteralSyntax.json.quoted("\u{7F}\u{85}\u{2028}\u{202E}é😀") == "\"\u{7F}\u{85}\u{2028}\u{202E}é😀\"")
    }

    @Test func exportJSONAlsoEscapesWhatATerminalWouldActOn() {
        #expect(StringLiteralSyntax.displaySafeJSON.quoted("\u{8}\u{C}\u{1B}") == #""\b\f\u001b""#)
        #expect(
            StringLiteralSyntax.displaySafeJSON.quoted("\u{7F}\u{80}\u{9F}\u{A0}") == "\"\\u007f\\u0080\\u009f\u{A0}\"")
        #expect(
            StringLiteralSyntax.displaySafeJSON.quoted("\u{2027}\u{2028}\u{2029}\u{202A}\u{202E}\u{202F}")
                == "\"\u{2027}\\u2028\\u2029\\u202a\\u202e\u{202F}\"")
        #expect(
            StringLiteralSyntax.displaySafeJSON.quoted("\u{2065}\u{2066}\u{2069}\u{206A}")
                == "\"\u{2065}\\u2066\\u2069\u{206A}\"")
        #expect(StringLiteralSyntax.displaySafeJSON.quoted("é😀 中") == "\"é😀 中\"")
    }

    @Test func luaWritesControlsAsThreeDecimalDigits() {
        #expect(StringLiteralSyntax.lua.quoted("a\"b\\c\td\u{1}e\u{7F}") == #""a\"b\\c\td\001e\127""#)
        #expect(StringLiteralSyntax.lua.quoted("\u{8}\u{C}\u{1B}1\n\r") == #""\008\012\0271\n\r""#)
        #expect(StringLiteralSyntax.lua.quoted("\u{85}\u{2028}é😀") == "\"\u{85}\u{2028}é😀\"")
    }

    @Test func escapesAlsoNamesOnlyTheScalarsBeyondTheControls() {
        let display = StringLiteralSyntax.displaySafeJSON
        #expect(display.escapesAlso("\u{7F}") && display.escapesAlso("\u{2029}") && display.escapesAlso("\u{2068}"))
        #expect(!display.escapesAlso("\u{1B}") && !display.escapesAlso("é") && !display.escapesAlso("\u{202F}"))
        #expect(StringLiteralSyntax.lua.escapesAlso("\u{7F}") && !StringLiteralSyntax.lua.escapesAlso("\u{80}"))
        #expect(!StringLiteralSyntax.json.escapesAlso("\u{7F}"))
    }

    @Test(arguments: [StringLiteralSyntax.json, .displaySafeJSON])
    func jsonReadsBackExactly(syntax: StringLiteralSyntax) throws {
        var generator = SystemRandomNumberGenerator()
        let pool = Self.awkward.flatMap(\.unicodeScalars)
        let random = (0..<200).map { _ in
            String(
                String.UnicodeScalarView(
                    (0..<Int.random(in: 1...16, using: &generator)).map { _ in
                        pool.randomElement(using: &generator)!
                    }))
        }
        for text in Self.awkward + random {
            let json = "[" + syntax.quoted(text) + "]"
            let decoded = try JSONDecoder().decode([String].self, from: Data(json.utf8))
            #expect(decoded == [text], "\(Array(text.unicodeScalars))")
        }
    }

    @Test(arguments: [StringLiteralSyntax.json, .displaySafeJSON, .lua])
    func noControlCharacterIsWrittenRaw(syntax: StringLiteralSyntax) {
        let written = syntax.quoted(Self.awkward.joined())
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 })
    }
}
