/// Tells a terminal's answers to Banter's questions apart from keys typed meanwhile: both
/// arrive on the same input, in any order. A reply is a cursor-position report
/// (`ESC [ row ; column R`), device attributes (`ESC [ ? … c`), or a string a terminal sends
/// between `ESC _` or `ESC P` and `ESC \` (kitty graphics, XTVERSION); keys never send those.
/// Everything else is typeahead, kept in order for the line editor.
enum TerminalReplies {
    /// `bytes` split into the replies and the rest. A reply cut off at the end (its rest
    /// still on the way) counts as a reply, so its first half never reaches the editor; a
    /// lone `ESC` or `ESC [` at the end stays typeahead (the Escape key, or Alt-[).
    static func split(_ bytes: [UInt8]) -> (replies: [UInt8], typeahead: [UInt8]) {
        var replies: [UInt8] = []
        var typeahead: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if let end = replyEnd(bytes, from: index) {
                replies += bytes[index..<end]
                index = end
            } else {
                typeahead.append(bytes[index])
                index += 1
            }
        }
        return (replies, typeahead)
    }

    private static let escape: UInt8 = 0x1B

    /// The end (exclusive) of the reply starting at `start`, or nil when none starts there.
    private static func replyEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard bytes[start] == escape, start + 1 < bytes.count else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return controlSequenceReplyEnd(bytes, from: start)
        case UInt8(ascii: "_"), UInt8(ascii: "P"):
            var index = start + 2
            while index + 1 < bytes.count {
                if bytes[index] == escape, bytes[index + 1] == UInt8(ascii: "\\") { return index + 2 }
                index += 1
            }
            return bytes.count
        default:
            return nil
        }
    }

    /// `ESC [ digits ; digits R` or `ESC [ ? digits/; c`; a cut-off one that has got as far
    /// as the `;` or the `?` runs to the end.
    private static func controlSequenceReplyEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 2
        let asksAttributes = index < bytes.count && bytes[index] == UInt8(ascii: "?")
        if asksAttributes { index += 1 }
        var separators = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[index]) {
            if bytes[index] == UInt8(ascii: ";") { separators += 1 }
            index += 1
        }
        guard index < bytes.count else { return asksAttributes || separators > 0 ? bytes.count : nil }
        switch bytes[index] {
        case UInt8(ascii: "c") where asksAttributes: return index + 1
        case UInt8(ascii: "R") where !asksAttributes && separators == 1: return index + 1
        default: return nil
        }
    }
}
