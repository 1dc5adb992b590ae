import BanterCore
import Testing

@testable import BanterTerminal

@Suite("Display width")
struct DisplayWidthTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let text: String
        let modern: Int
        let legacy: Int
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "ASCII", text: "Hello, world!", modern: 13, legacy: 13),
        Case(label: "CJK", text: "日本語", modern: 6, legacy: 6),
        Case(label: "Hangul syllables", text: "한국어", modern: 6, legacy: 6),
        Case(label: "Hangul conjoining jamo", text: "\u{1100}\u{1161}\u{11A8}", modern: 2, legacy: 2),
        Case(label: "fullwidth forms", text: "ＡＢ！", modern: 6, legacy: 6),
        Case(label: "combining marks", text: "e\u{301}\u{301}a\u{308}", modern: 2, legacy: 2),
        Case(label: "ZWJ family", text: "👨‍👩‍👧‍👦", modern: 2, legacy: 8),
        Case(label: "flag", text: "🇫🇷", modern: 2, legacy: 2),
        Case(label: "two flags", text: "🇫🇷🇯🇵", modern: 4, legacy: 4),
        Case(label: "skin tone", text: "👍🏽", modern: 2, legacy: 4),
        Case(label: "VS16 heart", text: "❤️", modern: 2, legacy: 1),
        Case(label: "text-style heart", text: "❤", modern: 1, legacy: 1),
        Case(label: "keycap", text: "1️⃣", modern: 2, legacy: 1),
        Case(label: "bare digit with keycap mark", text: "1\u{20E3}", modern: 1, legacy: 1),
        Case(label: "rainbow flag (ZWJ, VS16)", text: "🏳️‍🌈", modern: 2, legacy: 3),
        Case(
            label: "tag sequence flag", text: "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", modern: 2,
            legacy: 2),
        Case(label: "Arabic (RTL)", text: "مرحبا", modern: 5, legacy: 5),
        Case(label: "Hebrew (RTL) with points", text: "שָׁלוֹם", modern: 4, legacy: 4),
        Case(label: "emoji presentation", text: "😀🌽", modern: 4, legacy: 4),
        Case(label: "zero-width joiner and non-joiner alone", text: "a\u{200D}b\u{200C}c", modern: 3, legacy: 3),
        Case(label: "control pictures", text: "␛␍", modern: 2, legacy: 2),
    ]

    @Test("modern and legacy widths", arguments: cases)
    func widths(_ testCase: Case) {
        #expect(DisplayWidth.of(testCase.text, model: .modern) == testCase.modern)
        #expect(DisplayWidth.of(testCase.text, model: .legacy) == testCase.legacy)
    }

    @Test func scalarWidths() {
        #expect(DisplayWidth.of(Unicode.Scalar("a")) == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0x1B)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x9B)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x200D)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0xFE0F)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0xE0067)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x4E00)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x1F600)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x1F1EB)!) == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0x20000)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x1FAE8)!) == 2)
    }

    @Test func graphemeWidthsSumToStringWidth() {
        let text = "Family 👨‍👩‍👧‍👦 flags 🇫🇷 日本 e\u{301}"
        for model in WidthModel.allCases {
            let sum = text.reduce(0) { $0 + DisplayWidth.of($1, model: model) }
            #expect(sum == DisplayWidth.of(text, model: model))
        }
    }

    @Test func truncatedCutsAtGraphemeBoundariesWithinTheWidth() {
        #expect(DisplayWidth.truncated("Alisha", toWidth: 6, model: .modern) == "Alisha")
        #expect(DisplayWidth.truncated("Alisha", toWidth: 4, model: .modern) == "Ali…")
        #expect(DisplayWidth.truncated("日本語テキスト", toWidth: 6, model: .modern) == "日本…")
        #expect(DisplayWidth.truncated("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", toWidth: 3, model: .modern) == "👨‍👩‍👧‍👦…")
        #expect(DisplayWidth.truncated("👨‍👩‍👧‍👦👨‍👩‍👧‍👦", toWidth: 3, model: .legacy) == "…")
    }
}
