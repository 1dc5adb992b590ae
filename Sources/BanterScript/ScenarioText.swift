/// Text as failure messages show it: quoted, with quotes, backslashes and line breaks
/// escaped, and cut when very long, so each failure stays one readable line.
package enum ScenarioText {
    static let maximumShown = 200

    /// `text` quoted and escaped so a newline or quote in a message cannot break the line or
    /// be mistaken for its end.
    package static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text.prefix(maximumShown) {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        if text.count > maximumShown { result += "…" }
        return result + "\""
    }
}
