import BanterCore

/// Greedy word wrapping by display width. Lines break at spaces (which are dropped at the
/// break); a word longer than the line is broken between grapheme clusters, so an emoji
/// sequence, a flag or a letter with its combining marks is never split. LF is a hard line
/// break, and an empty paragraph is an empty line.
///
/// Text must be sanitised first (see `Sanitizer`); printable ASCII takes a byte-level fast
/// path.
public struct WordWrapper: Sendable {
    public var model: WidthModel

    public init(model: WidthModel = .modern) {
        self.model = model
    }

    /// The lines of `text` wrapped to at most `width` columns (a single grapheme wider than
    /// `width` still gets a line of its own).
    public func wrap(_ text: String, width: Int) -> [WrappedLine] {
        var lines: [WrappedLine] = []
        wrap(text, width: width, into: &lines)
        return lines
    }

    /// Appends the wrapped lines of `text` to `lines`, for callers that reuse one buffer.
    public func wrap(_ text: String, width: Int, into lines: inout [WrappedLine]) {
        let limit = max(width, 1)
        let utf8 = text.utf8
        var paragraphStart = utf8.startIndex
        var index = paragraphStart
        var isASCII = true
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == 0x0A {
                wrapParagraph(text[paragraphStart..<index], isASCII: isASCII, width: limit, into: &lines)
                paragraphStart = utf8.index(after: index)
                isASCII = true
            } else if byte < 0x20 || byte > 0x7E {
                isASCII = false
            }
            index = utf8.index(after: index)
        }
        wrapParagraph(text[paragraphStart..<utf8.endIndex], isASCII: isASCII, width: limit, into: &lines)
    }

    private func wrapParagraph(_ paragraph: Substring, isASCII: Bool, width: Int, into lines: inout [WrappedLine]) {
        if isASCII {
            if paragraph.utf8.count <= width, paragraph.utf8.last != 0x20 {
                lines.append(WrappedLine(text: paragraph, width: paragraph.utf8.count))
                return
            }
            let utf8 = paragraph.utf8
            let start = utf8.startIndex
            let bytes = Array(utf8)
            Self.greedy(
                count: bytes.count, width: width,
                unitWidth: { _ in 1 }, isSpace: { bytes[$0] == 0x20 },
                emit: { from, to, columns in
                    let lower = utf8.index(start, offsetBy: from)
                    let upper = utf8.index(lower, offsetBy: to - from)
                    lines.append(WrappedLine(text: paragraph[lower..<upper], width: columns))
                }
            )
            return
        }
        var starts: [String.Index] = []
        var widths: [Int] = []
        var spaces: [Bool] = []
        var index = paragraph.startIndex
        while index != paragraph.endIndex {
            let character = paragraph[index]
            starts.append(index)
            widths.append(DisplayWidth.of(character, model: model))
            spaces.append(character == " ")
            index = paragraph.index(after: index)
        }
        starts.append(paragraph.endIndex)
        Self.greedy(
            count: widths.count, width: width,
            unitWidth: { widths[$0] }, isSpace: { spaces[$0] },
            emit: { from, to, columns in
                lines.append(WrappedLine(text: paragraph[starts[from]..<starts[to]], width: columns))
            }
        )
    }

    /// The wrapping itself, over abstract units (bytes or grapheme clusters): calls `emit`
    /// with each line's unit range and width, at least once per paragraph.
    @inline(__always)
    private static func greedy(
        count: Int, width: Int,
        unitWidth: (Int) -> Int, isSpace: (Int) -> Bool,
        emit: (_ from: Int, _ to: Int, _ columns: Int) -> Void
    ) {
        var lineStart = 0, lineWidth = 0
        var hasContent = false
        // The last run of spaces after some content on this line: a break opportunity.
        var breakStart = -1, breakEnd = -1
        var widthBeforeBreak = 0, widthAfterBreak = 0
        var emitted = false
        var index = 0
        while index < count {
            let columns = unitWidth(index)
            if isSpace(index) {
                if lineWidth + columns > width {
                    if hasContent {
                        if breakEnd == index {
                            emit(lineStart, breakStart, widthBeforeBreak)
                        } else {
                            emit(lineStart, index, lineWidth)
                        }
                        emitted = true
                    }
                    while index < count, isSpace(index) { index += 1 }
                    lineStart = index
                    lineWidth = 0
                    hasContent = false
                    breakStart = -1
                    continue
                }
                if hasContent {
                    if breakEnd != index {
                        breakStart = index
                        widthBeforeBreak = lineWidth
                    }
                    breakEnd = index + 1
                    widthAfterBreak = lineWidth + columns
                }
                lineWidth += columns
                index += 1
                continue
            }
            if lineWidth + columns > width, lineWidth > 0 {
                if breakStart >= 0 {
                    emit(lineStart, breakStart, widthBeforeBreak)
                    lineStart = breakEnd
                    lineWidth -= widthAfterBreak
                    hasContent = index > breakEnd
                } else {
                    emit(lineStart, index, lineWidth)
                    lineStart = index
                    lineWidth = 0
                    hasContent = false
                }
                emitted = true
                breakStart = -1
                breakEnd = -1
                continue
            }
            lineWidth += columns
            hasContent = true
            index += 1
        }
        if hasContent {
            if breakEnd == count {
                emit(lineStart, breakStart, widthBeforeBreak)
            } else {
                emit(lineStart, count, lineWidth)
            }
        } else if !emitted {
            emit(lineStart, lineStart, 0)
        }
    }
}
