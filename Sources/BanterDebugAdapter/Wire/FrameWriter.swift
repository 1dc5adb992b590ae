import Foundation

/// Writes Debug Adapter Protocol messages to a file descriptor, each framed with its
/// `Content-Length` header, whole and unbuffered (the client reads them as they come).
struct FrameWriter {
    let descriptor: Int32
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Encodes `message` and writes its frame. A client that went away (a write that fails)
    /// ends the adapter: nobody is left to answer.
    func write(_ message: some Encodable) {
        guard let body = try? encoder.encode(message) else { return }
        var frame = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(body)
        frame.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { exit(0) }
                offset += written
            }
        }
    }
}
