import Foundation
import Testing

@testable import BanterCore

/// `isBlank` and `trimmingWhitespace()` agree with Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)`, which they replace on hot paths.
@Suite struct StringWhitespaceTests {
    static let samples: [String] = [
        "", " ", "\t\n\r\u{0B}\u{0C}", "\u{85}\u{A0}\u{1680}\u{2000}\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}",
        "Yes", "  Yes  ", "\u{3000}はい\u{A0}", " \u{301}x ", "a b", "\u{200B}", "\u{180E}", "\u{FEFF} ", "🍕 ",
        "\n\nline\n", "e\u{301} ",
    ]

    @Test(arguments: samples)
    func agreesWithFoundation(_ text: String) {
        let foundation = text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.trimmingWhitespace() == foundation)
        #expect(text.isBlank == foundation.isEmpty)
    }
}
