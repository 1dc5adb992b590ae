import Foundation

/// Reads the Debug Adapter Protocol's frames from a file descriptor: a header block
/// (`Content-Length: N`, other headers ignored) ended by an empty line, then N bytes of JSON.
/// A header block without a usable length is reported and skipped, and reading goes on at
/// the next one, so one bad frame never stalls the session.
struct FrameReader {
    /// What the next read found.
    enum Frame: Equatable {
        /// One message's JSON.
        case message(Data)
        /// A header block that could not be read (why), already skipped.
        case malformed(String)
        /// The input ended.
        case end
    }

    /// A frame's body may be at most this long; a longer one is refused unread.
    static let maximumLength = 16 << 20
    /// A header block may be at most this long before the reader gives up on it.
    static let maximumHeader = 8 << 10

    let descriptor: Int32
    private var buffer = Data()
    private var ended = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Blocks until a whole frame, a malformed header or the end of input.
    mutating func next() -> Frame {
        let separator = Data("\r\n\r\n".utf8)
        while true {
            if let range = buffer.range(of: separator) {
                let header = String(decoding: buffer[buffer.startIndex..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex..<range.upperBound)
                guard let length = Self.contentLength(in: header) else {
                    return .malformed("a frame's header has no Content-Length: \(Self.excerpt(header))")
                }
                guard length <= Self.maximumLength else {
                    return .malformed("a frame of \(length) bytes is longer than the \(Self.maximumLength) allowed")
                }
                while buffer.count < length {
                    guard fill() else { return .end }
                }
                let body = Data(buffer.prefix(length))
                buffer.removeFirst(length)
                return .message(body)
            }
            if buffer.count > Self.maximumHeader {
                let excerpt = Self.excerpt(String(decoding: buffer.prefix(60), as: UTF8.self))
                buffer.removeAll()
                return .malformed(
                    "no frame header in the input (it starts \(excerpt)): each message needs Content-Length: N and an empty line"
                )
            }
            guard fill() else {
                if buffer.contains(where: { !Character(UnicodeScalar($0)).isWhitespace }) {
                    buffer.removeAll()
                    return .malformed("the input ended inside a frame's header")
                }
                return .end
            }
        }
    }

    /// Reads what the descriptor has into the buffer; false at the end of input.
    private mutating func fill() -> Bool {
        guard !ended else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0 && errno == EINTR { continue }
            ended = true
            return false
        }
    }

    /// The value of the last `Content-Length` header of `header`, where the block may start
    /// with stray bytes left from a bad frame.
    static func contentLength(in header: String) -> Int? {
        let lines = header.components(separatedBy: "\r\n")
        for line in lines.reversed() {
            guard let range = line.range(of: "content-length:", options: .caseInsensitive) else { continue }
            let value = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard let length = Int(value), length >= 0 else { return nil }
            return length
        }
        return nil
    }

    /// A short, printable excerpt of `text` for an error message.
    static func excerpt(_ text: String) -> String {
        let flat = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "·" : String($0) }.joined()
        return "\"" + (flat.count > 60 ? String(flat.prefix(60)) + "…" : flat) + "\""
    }
}
