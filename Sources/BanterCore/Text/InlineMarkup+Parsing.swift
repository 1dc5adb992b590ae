extension InlineMarkup {
    /// The markup of `text` (sanitised first: see `Sanitizer`), or nil when it has none, so
    /// callers keep their plain fast path for the common message.
    package static func parse(_ text: String) -> InlineMarkup? {
        guard mightContainMarkup(text.utf8) else { return nil }
        var parser = Parser(Array(text))
        parser.markCode()
        parser.markLinks()
        parser.markEmphasis(marker: "*", style: .bold, avoiding: [])
        parser.markEmphasis(marker: "_", style: .italic, avoiding: parser.boldPairs)
        let markup = parser.build()
        return markup.isPlain ? nil : markup
    }

    /// What an OSC 8 escape or an `href` may point to for the link text `text`: `www.`
    /// addresses get `https://`, and every byte outside printable ASCII (spaces, controls,
    /// non-ASCII letters) is percent-encoded, so the target can never end the escape early.
    package static func linkTarget(_ text: String) -> String {
        let full = text.lowercased().hasPrefix("www.") ? "https://" + text : text
        var target = ""
        for byte in full.utf8 {
            if byte > 0x20, byte < 0x7F {
                target.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let digits = Array("0123456789ABCDEF")
                target += "%" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
            }
        }
        return target
    }

    /// A byte-level screen: a marker character, "://" or "www." somewhere.
    private static func mightContainMarkup(_ utf8: String.UTF8View) -> Bool {
        var previous: UInt8 = 0
        var dots = 0
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"): return true
            case UInt8(ascii: "/") where previous == UInt8(ascii: ":"): return true
            case UInt8(ascii: "."): if dots >= 3 { return true }
            default: break
            }
            dots = (byte | 0x20) == UInt8(ascii: "w") ? dots + 1 : 0
            previous = byte
        }
        return false
    }
}

/// The marking passes over one text's characters (grapheme clusters, so the keycap "*️⃣" is
/// never a marker).
private struct Parser {
    let characters: [Character]
    var hidden: [Bool]
    var styles: [InlineStyle]
    var links: [Int?]
    /// Characters that are code or part of a URL: never markers.
    var isProtected: [Bool]
    var linkTargets: [String] = []
    var boldPairs: [ClosedRange<Int>] = []

    init(_ characters: [Character]) {
        self.characters = characters
        hidden = Array(repeating: false, count: characters.count)
        styles = Array(repeating: [], count: characters.count)
        links = Array(repeating: nil, count: characters.count)
        isProtected = Array(repeating: false, count: characters.count)
    }

    mutating func markCode() {
        var index = 0
        while index < characters.count {
            guard characters[index] == "`" else {
                index += 1
                continue
            }
            var end = index + 1
            while end < characters.count, characters[end] != "`", characters[end] != "\n" { end += 1 }
            guard end < characters.count, characters[end] == "`", end > index + 1 else {
                index = end < characters.count && characters[end] == "`" ? end : index + 1
                continue
            }
            hidden[index] = true
            hidden[end] = true
            for inner in index...end {
                isProtected[inner] = true
                if inner != index, inner != end { styles[inner].insert(.code) }
            }
            index = end + 1
        }
    }

    mutating func markLinks() {
        var index = 0
        while index < characters.count {
            guard !isProtected[index], startsWord(at: index), let end = linkEnd(from: index) else {
                index += 1
                continue
            }
            let linkIndex = linkTargets.count
            linkTargets.append(InlineMarkup.linkTarget(String(characters[index..<end])))
            for inner in index..<end {
                links[inner] = linkIndex
                isProtected[inner] = true
            }
            index = end
        }
    }

    mutating func markEmphasis(marker: Character, style: InlineStyle, avoiding others: [ClosedRange<Int>]) {
        var index = 0
        while index < characters.count {
            guard isOpener(marker, at: index), let close = closer(marker, after: index),
                !others.contains(where: { crosses(index...close, $0) })
            else {
                index += 1
                continue
            }
            hidden[index] = true
            hidden[close] = true
            for inner in (index + 1)..<close { styles[inner].insert(style) }
            if style == .bold { boldPairs.append(index...close) }
            index = close + 1
        }
    }

    func build() -> InlineMarkup {
        var visible = ""
        var runs: [InlineMarkup.Run] = []
        var offset = 0
        for index in characters.indices where !hidden[index] {
            let character = characters[index]
            visible.append(character)
            let length = character.utf8.count
            let style = styles[index], link = links[index]
            if var last = runs.last, last.style == style, last.linkIndex == link {
                last.range = last.range.lowerBound..<(offset + length)
                runs[runs.count - 1] = last
            } else {
                runs.append(
                    InlineMarkup.Run(
                        range: offset..<(offset + length), style: style,
                        link: link.map { linkTargets[$0] }, linkIndex: link))
            }
            offset += length
        }
        return InlineMarkup(visible: visible, runs: runs)
    }

    // MARK: - Links

    private func startsWord(at index: Int) -> Bool {
        guard index > 0 else { return true }
        let previous = characters[index - 1]
        return previous.isWhitespace || "([{<\"'*_~".contains(previous)
    }

    /// The end (exclusive) of the URL starting at `index`, or nil when none starts there.
    private func linkEnd(from index: Int) -> Int? {
        let prefixes = ["https://", "http://", "www."]
        guard let prefix = prefixes.first(where: { matches($0, at: index) }) else { return nil }
        var end = index
        while end < characters.count, !isProtected[end], !endsLink(characters[end]) { end += 1 }
        while end > index {
            let last = characters[end - 1]
            if ".,:;!?'\"*_~".contains(last) {
                end -= 1
            } else if last == ")" || last == "]" {
                let opening: Character = last == ")" ? "(" : "["
                let opened = characters[index..<end].count { $0 == opening }
                let closed = characters[index..<end].count { $0 == last }
                guard closed > opened else { break }
                end -= 1
            } else {
                break
            }
        }
        let host = index + prefix.count
        guard end > host, characters[host].isLetter || characters[host].isNumber else { return nil }
        return end
    }

    private func matches(_ prefix: String, at index: Int) -> Bool {
        var cursor = index
        for expected in prefix {
            guard cursor < characters.count, characters[cursor].lowercased() == String(expected) else { return false }
            cursor += 1
        }
        return true
    }

    /// Whitespace, the characters that delimit URLs in text, and the visible stand-ins the
    /// sanitiser leaves for control characters (Control Pictures, "<U+009B>").
    private func endsLink(_ character: Character) -> Bool {
        if character.isWhitespace || "<>\"`".contains(character) { return true }
        guard let scalar = character.unicodeScalars.first else { return true }
        return (0x2400...0x243F).contains(scalar.value)
    }

    // MARK: - Emphasis

    private func isOpener(_ marker: Character, at index: Int) -> Bool {
        guard characters[index] == marker, !isProtected[index], !hidden[index], index + 1 < characters.count
        else { return false }
        let next = characters[index + 1]
        if next.isWhitespace || next == marker { return false }
        guard index > 0 else { return true }
        let previous = characters[index - 1]
        return !(previous.isLetter || previous.isNumber) && previous != marker
    }

    private func closer(_ marker: Character, after opener: Int) -> Int? {
        var index = opener + 2
        while index < characters.count, characters[index] != "\n" {
            if characters[index] == marker, !isProtected[index], !hidden[index],
                !characters[index - 1].isWhitespace
            {
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                if !(next.isLetter || next.isNumber), next != marker { return index }
            }
            index += 1
        }
        return nil
    }

    private func crosses(_ lhs: ClosedRange<Int>, _ rhs: ClosedRange<Int>) -> Bool {
        (lhs.lowerBound < rhs.lowerBound && rhs.lowerBound <= lhs.upperBound && lhs.upperBound < rhs.upperBound)
            || (rhs.lowerBound < lhs.lowerBound && lhs.lowerBound <= rhs.upperBound && rhs.upperBound < lhs.upperBound)
    }
}
