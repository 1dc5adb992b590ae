/// Reads a `text/event-stream` body (the Server-Sent Events format, as the WHATWG HTML
/// standard defines it) as it arrives: bytes in, the `data` of each complete event out.
/// Comments, `event`, `id` and `retry` fields are read and dropped: a streamed completion
/// needs only the data.
struct ServerSentEvents {
    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var afterCarriageReturn = false

    /// Feeds `bytes`; returns the data of every event they completed.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [String] {
        var events: [String] = []
        for byte in bytes {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue } // CR LF ends one line
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                afterCarriageReturn = byte == UInt8(ascii: "\r")
                if let event = endLine() { events.append(event) }
            default:
                line.append(byte)
            }
        }
        return events
    }

    /// One line ended: a blank one dispatches the event gathered so far.
    private mutating func endLine() -> String? {
        defer { line.removeAll(keepingCapacity: true) }
        guard !line.isEmpty else {
            guard hasData else { return nil }
            defer {
                data.removeAll(keepingCapacity: true)
                hasData = false
            }
            return String(decoding: data, as: UTF8.self)
        }
        if line.first == UInt8(ascii: ":") { return nil } // a comment (keep-alive)
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = line[..<(colon ?? line.endIndex)]
        var value = colon.map { line[line.index(after: $0)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        guard field.elementsEqual("data".utf8) else { return nil }
        if hasData { data.append(UInt8(ascii: "\n")) }
        data.append(contentsOf: value)
        hasData = true
        return nil
    }
}
