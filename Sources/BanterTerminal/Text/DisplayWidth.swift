import BanterCore

/// Column widths of text as a terminal draws it. Text is expected to be sanitised first
/// (see `Sanitizer`): control characters measure zero here because they never reach the
/// terminal raw.
public enum DisplayWidth {
    /// The columns `text` takes on one line.
    public static func of(_ text: some StringProtocol, model: WidthModel = .modern) -> Int {
        if let ascii = printableASCIICount(text.utf8) { return ascii }
        var total = 0
        switch model {
        case .modern:
            for character in text { total += of(character, model: .modern) }
        case .legacy:
            for scalar in text.unicodeScalars { total += of(scalar) }
        }
        return total
    }

    /// The columns one grapheme cluster takes.
    ///
    /// Modern model: two columns when the cluster has an East Asian wide base, an
    /// emoji-presentation scalar, a VS16 (U+FE0F) after an emoji, or a regional-indicator
    /// pair; otherwise the width of its base. Legacy model: the sum over its code points.
    public static func of(_ character: Character, model: WidthModel = .modern) -> Int {
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let base = iterator.next() else { return 0 }
        if model == .legacy {
            var total = of(base)
            while let scalar = iterator.next() { total += of(scalar) }
            return total
        }
        if WidthTables.isPrepend(base.value) {
            // A Prepend character (U+0600 …) joins whatever follows into its cluster, even a
            // padding space; terminals still draw the two apart, so count them apart.
            var rest = String.UnicodeScalarView()
            while let scalar = iterator.next() { rest.append(scalar) }
            return of(base) + of(String(rest), model: .modern)
        }
        let baseWidth = of(base)
        if baseWidth == 2 { return 2 }
        if base.value < 0x80 {
            // An ASCII base only grows with a VS16 (keycaps "1️⃣", "#️⃣") or a wide mark.
            guard let next = iterator.next() else { return baseWidth }
            return widensCluster(after: base, next: next, rest: &iterator) ? 2 : baseWidth
        }
        if base.properties.isEmojiPresentation { return 2 }
        guard let next = iterator.next() else { return baseWidth }
        return widensCluster(after: base, next: next, rest: &iterator) ? 2 : baseWidth
    }

    /// The columns one code point takes on its own, as `wcwidth` counts it (0, 1 or 2):
    /// zero for combining and enclosing marks, format characters (ZWJ, variation
    /// selectors, tag characters), Hangul medial and final jamo and controls.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value == 0xAD { return 1 }
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        if value == 0x200B { return 0 }
        if value >= 0x1100, WidthTables.isWide(value) { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value >= 0x1F000, !isRegionalIndicator(value), scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The number of bytes when every byte is printable ASCII (one column each), else nil.
    @inline(__always)
    static func printableASCIICount(_ utf8: some Collection<UInt8>) -> Int? {
        let fast = utf8.withContiguousStorageIfAvailable { buffer -> Int? in
            for byte in buffer where byte < 0x20 || byte > 0x7E { return nil }
            return buffer.count
        }
        if let fast { return fast }
        var count = 0
        for byte in utf8 {
            if byte < 0x20 || byte > 0x7E { return nil }
            count += 1
        }
        return count
    }

    static func isRegionalIndicator(_ value: UInt32) -> Bool {
        (0x1F1E6...0x1F1FF).contains(value)
    }

    /// Whether the scalars after a narrow base make the cluster two columns wide.
    private static func widensCluster(
        after base: Unicode.Scalar, next: Unicode.Scalar,
        rest: inout String.UnicodeScalarView.Iterator
    ) -> Bool {
        var previousIsEmoji = base.properties.isEmoji
        var regionalIndicators = isRegionalIndicator(base.value) ? 1 : 0
        var scalar: Unicode.Scalar? = next
        while let current = scalar {
            let value = current.value
            if value == 0xFE0F, previousIsEmoji { return true }
            if isRegionalIndicator(value) {
                regionalIndicators += 1
                if regionalIndicators == 2 { return true }
            } else if value >= 0x1100 {
                if WidthTables.isWide(value) || current.properties.isEmojiPresentation { return true }
            }
            previousIsEmoji = value >= 0x80 ? current.properties.isEmoji : false
            scalar = rest.next()
        }
        return false
    }

    /// `text` (already sanitised) cut to at most `width` columns at a grapheme boundary,
    /// ending with "…" when cut.
    static func truncated(_ text: String, toWidth width: Int, model: WidthModel) -> String {
        if of(text, model: model) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let columns = of(character, model: model)
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }
}
