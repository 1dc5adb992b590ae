/// Asks a terminal that did not say what it is whether it draws kitty graphics (Konsole,
/// WezTerm with them enabled, a kitty reached without its variables): a query for a 1×1
/// picture, which draws nothing, then a primary device attributes request (`ESC [ c`), which
/// every terminal answers. A terminal with the protocol answers the query first.
enum TerminalGraphicsProbe {
    /// How long to wait for the device attributes (a local terminal answers in a few ms).
    static let timeoutMilliseconds = 200

    /// The query, the device attributes request, then the row erased in case a terminal
    /// printed what it did not understand.
    static let request = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c\r\u{1B}[2K"

    /// Whether the terminal answered the query before its device attributes.
    static func drawsKittyGraphics(query: TerminalQuery = TerminalQuery()) -> Bool {
        guard
            let answer = query.ask(
                request, timeoutMilliseconds: timeoutMilliseconds,
                isComplete: {
                    GraphicsProbeReply(bytes: $0).deviceAttributesEnd != nil
                }), answer.isComplete
        else { return false }
        return GraphicsProbeReply(bytes: answer.bytes).answersKitty
    }
}

/// The pure half of the picture probe: reading the terminal's replies.
struct GraphicsProbeReply {
    var bytes: [UInt8]

    /// The end of the device attributes reply (`ESC [ ? … c`), nil until it has arrived.
    var deviceAttributesEnd: Int? {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "["), bytes[index + 2] == UInt8(ascii: "?") {
                var cursor = index + 3
                while cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[cursor])
                {
                    cursor += 1
                }
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "c") { return cursor + 1 }
            }
            index += 1
        }
        return nil
    }

    /// Whether a kitty graphics reply for the query's id (`ESC _ G i=31 …`) came before the
    /// device attributes.
    var answersKitty: Bool {
        let end = deviceAttributesEnd ?? bytes.count
        let marker = Array("\u{1B}_Gi=31".utf8)
        guard end >= marker.count else { return false }
        for start in 0...(end - marker.count) where Array(bytes[start..<(start + marker.count)]) == marker {
            return true
        }
        return false
    }
}
