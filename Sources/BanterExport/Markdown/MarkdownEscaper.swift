/// Makes sanitised text literal in CommonMark/GFM: whatever a message says, it cannot
/// start a heading, list, quote, link, image, autolink, raw HTML, code span, emphasis,
/// strikethrough or table cell.
enum MarkdownEscaper {
    /// Characters that take part in inline syntax anywhere on a line.
    private static let inlineSpecials: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "&"]
    /// Characters that start a block (list, setext underline) only at the start of a line.
    private static let lineStartSpecials: Set<Character> = ["-", "+", "="]

    /// `line` with every special character backslash-escaped. It must hold no line break.
    static func escape(_ line: String) -> String {
        var output = String()
        output.reserveCapacity(line.utf8.count + 8)
        let characters = Array(line)
        let firstVisible = characters.firstIndex { $0 != " " } ?? characters.count
        // "12. text" and "3) text" would start an ordered list.
        let digitsEnd = characters[firstVisible...].firstIndex { !$0.isASCII || !$0.isNumber } ?? characters.count
        for (index, character) in characters.enumerated() {
            if inlineSpecials.contains(character)
                || (index == firstVisible && lineStartSpecials.contains(character))
                || (index == digitsEnd && digitsEnd > firstVisible && (character == "." || character == ")")) {
                output.append("\\")
            }
            output.append(character)
        }
        return output
    }
}
