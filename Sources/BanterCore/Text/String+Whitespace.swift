extension StringProtocol {
    /// Whether the text is empty or only white space (`Unicode.Scalar.isBlankSpace`),
    /// without Foundation's trimming, which bridges to `NSString`: checking every button
    /// label of every reply that way was a tenth of a crawl's time.
    package var isBlank: Bool {
        unicodeScalars.allSatisfy(\.isBlankSpace)
    }
}

extension String {
    /// The text without leading and trailing white space (as `isBlank` counts it): what
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` returns, natively.
    package func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isBlankSpace }),
            let last = scalars.lastIndex(where: { !$0.isBlankSpace })
        else { return "" }
        return String(scalars[first...last])
    }
}

extension Unicode.Scalar {
    /// A character of `CharacterSet.whitespacesAndNewlines`: Unicode's White_Space, and the
    /// zero width space that Foundation's set also holds.
    package var isBlankSpace: Bool {
        properties.isWhitespace || self == "\u{200B}"
    }
}
