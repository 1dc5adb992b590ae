import BanterCore
import Testing

@testable import BanterExport

@Suite("Export pieces")
struct FormatPiecesTests {
    @Test("ISO 8601 reads back every written timestamp exactly")
    func isoRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        let samples: [Int64] =
            [0, 1, -1, 951_782_400_000, 4_107_542_400_999, -2_208_988_800_001]
            + (0..<500).map { _ in Int64.random(in: -62_000_000_000_000...250_000_000_000_000, using: &generator) }
        for value in samples {
            let timestamp = Timestamp(millisecondsSince1970: value)
            #expect(ISOTimestamp.parse(timestamp.description) == timestamp, "\(timestamp)")
            #expect(ISOTimestamp.format(timestamp) == timestamp.description, "\(value)")
        }
    }

    @Test("ISO 8601 offsets, fractions and invalid dates")
    func isoVariants() {
        let base = ISOTimestamp.parse("2026-11-20T14:05:00Z")
        #expect(base == Timestamp(millisecondsSince1970: 1_795_183_500_000))
        #expect(ISOTimestamp.parse("2026-11-20T15:05:00+01:00") == base)
        #expect(ISOTimestamp.parse("2026-11-20T09:35:00-04:30") == base)
        #expect(ISOTimestamp.parse("2026-11-20T14:05:00.7Z")?.millisecondsSince1970 == 1_795_183_500_700)
        #expect(ISOTimestamp.parse("2024-02-29T00:00:00Z") != nil)
        for invalid in [
            "2026-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-11-20T24:00:00Z", "2026-11-20T14:05:00.Z",
            "2026-11-20T14:05:00Zjunk", "2026-11-20T14:05Z", "２026-11-20T14:05:00Z",
        ] {
            #expect(ISOTimestamp.parse(invalid) == nil, "\(invalid)")
        }
    }

    @Test("emoji-only: up to three emoji, nothing else")
    func emojiOnly() {
        #expect(EmojiText.isEmojiOnly("👍🏽"))
        #expect(EmojiText.isEmojiOnly("👨‍👩‍👧‍👦 🇫🇷 ❤️"))
        #expect(!EmojiText.isEmojiOnly("👍👍👍👍"))
        #expect(!EmojiText.isEmojiOnly("ok 👍"))
        #expect(!EmojiText.isEmojiOnly("1"))
        #expect(EmojiText.isEmojiOnly("1️⃣"))
    }

    @Test("Sanitiser keeps ZWJ, variation selectors and newlines in bodies, marks stray combining marks")
    func sanitizer() {
        #expect(Sanitizer.sanitize("👨‍👩‍👧 ❤️", keepingNewlines: true) == "👨‍👩‍👧 ❤️")
        #expect(Sanitizer.sanitize("a\r\nb\u{2028}c", keepingNewlines: true) == "a\nb\nc")
        #expect(Sanitizer.sanitize("a\nb") == "a␊b")
        #expect(Sanitizer.sanitize("\u{301}x\u{7F}") == "◌\u{301}x␡")
    }

    @Test("JSON strings: the UTF-8 fast path lets through only what needs no escape")
    func jsonFastPathIsConservative() {
        // Every scalar up to U+3000 (all the escaped ones and their neighbours), then every
        // 97th: alone and inside plain text, the export writes what the shared rule writes.
        let values = Array(UInt32(0)...0x3000) + stride(from: UInt32(0x3001), through: 0x10FFFF, by: 97)
        for scalar in values.compactMap(Unicode.Scalar.init) {
            for text in [String(scalar), "ab" + String(scalar) + "c"] {
                var written = ""
                JSONText.appendQuoted(text, to: &written)
                #expect(
                    written == StringLiteralSyntax.displaySafeJSON.quoted(text), "U+\(String(scalar.value, radix: 16))")
            }
        }
        #expect(JSONText.escapingUnsafeScalars("{\"t\":\"a\u{2028}b\u{85}c\\n\"}") == #"{"t":"a\u2028b\u0085c\n"}"#)
    }
}
