import BanterCore
import BanterTestSupport
import Foundation

/// Deterministic hostile input for the fuzz tests: a seeded generator and builders of text
/// that mixes everything a terminal can be attacked or confused with.
struct FuzzInput: RandomNumberGenerator {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    mutating func next() -> UInt64 { generator.next() }

    /// Pieces that each exercise one hazard; random text is a sequence of them.
    static let pieces: [String] = [
        "hello", "a", " ", "  ", "word", "Supercalifragilisticexpialidocious",
        "\t", "\n", "\r", "\r\n", "\n\n", "\u{2028}", "\u{2029}", "\u{0B}", "\u{0C}",
        "\u{1B}", "\u{1B}[31m", "\u{1B}[2J", "\u{1B}[H", "\u{1B}[?1049h", "\u{1B}]0;pwned\u{07}",
        "\u{1B}]8;;http://evil\u{1B}\\link\u{1B}]8;;\u{1B}\\", "\u{1B}P+q\u{1B}\\", "\u{1B}c", "\u{1B}7", "\u{1B}[6n",
        "\u{9B}31m", "\u{9D}0;x\u{9C}", "\u{85}", "\u{90}", "\u{7F}", "\u{00}", "\u{07}", "\u{08}",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\u{061C}",
        "\u{301}", "\u{301}\u{302}\u{303}\u{304}", "\u{20DD}", "\u{903}", "e\u{301}", "Z\u{351}\u{364}a\u{36B}",
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{FEFF}", "\u{FE0F}", "\u{FE0E}", "\u{AD}",
        "👍", "👍🏽", "👨‍👩‍👧‍👦", "🇫🇷", "🇫", "1️⃣", "❤️", "❤", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏿‍🚀",
        "日本語", "東京", "한국어", "\u{1100}\u{1161}\u{11A8}", "مرحبا", "שלום", "ﷺ", "𒐫", "ｗｉｄｅ",
        "\u{FFFD}", "\u{E000}", "\u{10FFFF}", "\u{FFFF}", "╭─╮│", "<U+009B>",
    ]

    /// Random text of up to `maximumPieces` pieces, sometimes with raw bytes decoded the way
    /// Banter decodes input (invalid UTF-8 replaced).
    mutating func text(maximumPieces: Int = 12) -> String {
        var result = ""
        for _ in 0..<Int.random(in: 0...maximumPieces, using: &self) {
            switch Int.random(in: 0..<10, using: &self) {
            case 0:
                result += bytes()
            case 1:
                result.unicodeScalars.append(scalar())
            default:
                result += Self.pieces.randomElement(using: &self)!
            }
        }
        return result
    }

    /// Random bytes (controls, high bytes, broken sequences) decoded as UTF-8 with replacement.
    mutating func bytes() -> String {
        let count = Int.random(in: 1...8, using: &self)
        let raw = (0..<count).map { _ in UInt8.random(in: 0...255, using: &self) }
        return String(decoding: raw, as: UTF8.self)
    }

    /// Any Unicode scalar, biased towards the interesting planes.
    mutating func scalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [0...0xFF, 0x300...0x36F, 0x2000...0x206F, 0x1F000...0x1FAFF, 0...0x10FFFF]
        while true {
            let range = ranges.randomElement(using: &self)!
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &self)) { return scalar }
        }
    }
}
