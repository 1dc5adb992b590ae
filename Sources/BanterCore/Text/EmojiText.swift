/// Recognises short emoji-only messages, which are drawn without a bubble.
package enum EmojiText {
    /// Whether `text` is 1…`limit` emoji (spaces between them allowed) and nothing else.
    /// Digits, "#" and "*" count only as keycaps ("1️⃣"), not bare.
    package static func isEmojiOnly(_ text: String, limit: Int = 3) -> Bool {
        guard let first = text.utf8.first, first >= 0x80 || first == 0x20 || isKeycapStart(first) else {
            return false
        }
        var count = 0
        for character in text {
            if character == " " { continue }
            guard isEmoji(character) else { return false }
            count += 1
            if count > limit { return false }
        }
        return count > 0
    }

    /// Whether one grapheme cluster is drawn as an emoji.
    package static func isEmoji(_ character: Character) -> Bool {
        var sawEmojiBase = false
        for scalar in character.unicodeScalars {
            let properties = scalar.properties
            if properties.isEmojiPresentation { return true }
            if scalar.value == 0xFE0F, sawEmojiBase { return true }
            if !sawEmojiBase { sawEmojiBase = properties.isEmoji }
        }
        return false
    }

    private static func isKeycapStart(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == 0x23 || byte == 0x2A
    }
}
