/// Escapes sanitised text for HTML element content and quoted attribute values.
///
/// The five characters it replaces are ASCII, so it works on UTF-8 bytes: text without
/// any of them (most messages) is returned after one scan.
enum HTMLEscaper {
    static func escape(_ text: String) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes -> String? in
            guard let first = bytes.firstIndex(where: { entity(for: $0) != nil }) else { return nil }
            var output: [UInt8] = Array(bytes[..<first])
            output.reserveCapacity(bytes.count + 16)
            for byte in bytes[first...] {
                if let entity = entity(for: byte) {
                    entity.withUTF8Buffer { output += $0 }
                } else {
                    output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
        return escaped ?? text
    }

    @inline(__always)
    private static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }
}
