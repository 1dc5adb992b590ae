import BanterCore
import Foundation
import Testing

@testable import BanterTerminal

@Suite("Word wrapper")
struct WordWrapperTests {
    private func wrap(_ text: String, _ width: Int, model: WidthModel = .modern) -> [String] {
        WordWrapper(model: model).wrap(text, width: width).map { String($0.text) }
    }

    @Test func shortTextIsOneLine() {
        #expect(wrap("hello", 10) == ["hello"])
        #expect(wrap("", 10) == [""])
    }

    @Test func breaksAtSpacesAndDropsThem() {
        #expect(wrap("the quick brown fox", 10) == ["the quick", "brown fox"])
        #expect(wrap("aaa   bbb", 4) == ["aaa", "bbb"])
        #expect(wrap("word ", 4) == ["word"])
    }

    @Test func longWordsBreakAtGraphemeBoundaries() {
        #expect(wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"])
        #expect(wrap("👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦", 4) == ["👨‍👩‍👧‍👦👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦"])
        #expect(wrap("日本語のテキスト", 5) == ["日本", "語の", "テキ", "スト"])
        #expect(wrap("e\u{301}e\u{301}e\u{301}", 2) == ["e\u{301}e\u{301}", "e\u{301}"])
    }

    @Test func newlinesAreHardBreaks() {
        #expect(wrap("one\ntwo\n\nthree", 20) == ["one", "two", "", "three"])
    }

    @Test func reportedWidthsMatchMeasuredWidths() {
        let text = "Family 👨‍👩‍👧‍👦 flags 🇫🇷🇯🇵 skin 👍🏽 日本語 e\u{301} end"
        for model in WidthModel.allCases {
            for width in 2...30 {
                for line in WordWrapper(model: model).wrap(text, width: width) {
                    #expect(line.width == DisplayWidth.of(line.text, model: model))
                    // A single grapheme wider than the line still gets a line of its own.
                    #expect(line.width <= width || line.text.count == 1)
                }
            }
        }
    }

    @Test func nothingIsLostButSpaces() {
        let text = "Great, went hiking with friends up the mountain, absolutely-incredible-view"
        for width in 1...20 {
            let joined = wrap(text, width).joined(separator: " ")
            #expect(joined.replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
        }
        #expect(wrap(text, 9).count == 10)
    }
}
