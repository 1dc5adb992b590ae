/// Decodes the output of FTS5's `highlight()` back into the original text and the ranges
/// that matched.
///
/// The markers are Unicode noncharacters, which ordinary text never contains. Text that does
/// contain them (it is untrusted) gets no ranges rather than wrong ones.
enum HighlightedText {
    static let openMarker = Unicode.Scalar(0xFDD0)!
    static let closeMarker = Unicode.Scalar(0xFDD1)!

    /// The matched ranges of `original`, given `highlighted`, the same text with each match
    /// wrapped in `openMarker` … `closeMarker`.
    static func matchRanges(in original: String, highlighted: String) -> [Range<String.Index>] {
        let markers: Set<Unicode.Scalar> = [openMarker, closeMarker]
        guard !original.unicodeScalars.contains(where: markers.contains) else { return [] }

        var offsetRanges: [Range<Int>] = []
        var offset = 0
        var openedAt: Int?
        for scalar in highlighted.unicodeScalars {
            switch scalar {
            case openMarker:
                openedAt = offset
            case closeMarker:
                if let start = openedAt, start < offset { offsetRanges.append(start..<offset) }
                openedAt = nil
            default:
                offset += 1
            }
        }
        guard offset == original.unicodeScalars.count else { return [] }

        let scalars = original.unicodeScalars
        return offsetRanges.map { range in
            let lower = scalars.index(scalars.startIndex, offsetBy: range.lowerBound)
            let upper = scalars.index(lower, offsetBy: range.count)
            return lower..<upper
        }
    }
}
