/// Escapes sanitised text for HTML element content and quoted attribute values.
enum HTMLEscaper {
    static func escape(_ text: String) -> String {
        var output = String()
        output.reserveCapacity(text.utf8.count + 16)
        for character in text {
            switch character {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            default: output.append(character)
            }
        }
        return output
    }
}
