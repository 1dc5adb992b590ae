/// A message's text as a chat app shows it: the formatting markers hidden, the rest cut into
/// runs that carry a style and, for URLs, a link. Terminals draw the runs with attributes and
/// OSC 8 hyperlinks, the HTML export with tags; plain output keeps the text as written.
///
/// Rules (those of common chat apps, kept deliberately small):
/// - `` `code` `` first: no formatting and no links inside; a backtick without a partner on
///   the same line is literal text.
/// - URLs next (`http://`, `https://`, `www.`), at the start of a word: they end at
///   whitespace or `<` `>` `"` `` ` ``, and trailing punctuation (`. , : ; ! ? ' " * _ ~`,
///   an unbalanced `)` or `]`) is left out, as GitHub's autolinks do. Nothing inside a URL is
///   a formatting marker.
/// - `*bold*` and `_italic_` last: the opening marker follows the start of the line, a space
///   or punctuation and is followed by a non-space; the closing one, on the same line, follows
///   a non-space and is not followed by a letter or digit (so `snake_case_name` and `2*3*4`
///   stay as written). Bold and italic may nest but not cross.
package struct InlineMarkup: Hashable, Sendable {
    /// One stretch of `visible` with the same style and link.
    package struct Run: Hashable, Sendable {
        /// UTF-8 offsets into `visible`.
        package var range: Range<Int>
        package var style: InlineStyle
        /// Where a link points (see `InlineMarkup.linkTarget`), nil outside links.
        package var link: String?
        /// Which link of the message this run belongs to (a wrapped link has several runs).
        package var linkIndex: Int?
    }

    /// The text as shown: the input without the formatting markers.
    package var visible: String
    /// Runs covering `visible` in order, neighbours differing in style or link.
    package var runs: [Run]

    /// Whether any run is styled or linked; false means `visible` is the input unchanged.
    var isPlain: Bool {
        runs.allSatisfy { $0.style.isEmpty && $0.link == nil }
    }

    /// The runs of `visible[range]` (UTF-8 offsets), clipped to it: what one wrapped line shows.
    package func runs(in range: Range<Int>) -> [Run] {
        var clipped: [Run] = []
        for run in runs where run.range.overlaps(range) {
            var piece = run
            piece.range = max(run.range.lowerBound, range.lowerBound)..<min(run.range.upperBound, range.upperBound)
            clipped.append(piece)
        }
        return clipped
    }
}
