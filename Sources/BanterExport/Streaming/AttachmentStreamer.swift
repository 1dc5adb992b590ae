import Foundation

/// Writes attachments' bytes into an export as they are read, a chunk at a time, straight
/// to the output: the JSON export's `attachment_data` lines never hold more than one chunk
/// in memory, whatever the files' sizes.
///
/// The writer's formatters work on a text buffer the caller flushes after each page; when a
/// message with an attachment is written, the streamer first hands the buffer so far to
/// `write` (so the order of lines is kept), then one line per chunk. A failure (reading
/// the store, writing the file) is kept in `error` for the caller to throw once the
/// writer's call returned; after one, nothing more is written.
package final class AttachmentStreamer {
    /// Hands the bytes of a message's attachment to the body, a chunk at a time, in order.
    package typealias Reader = (_ messageID: Int64, _ body: (Data) throws -> Void) throws -> Void

    private let read: Reader
    private let write: (Data) throws -> Void
    /// The first failure, if any.
    package private(set) var error: (any Error)?

    /// - Parameter writeBytes: writes bytes to the output (the text so far as UTF-8, then
    ///   each line in pieces, so a chunk's base64 is never copied into a string): what
    ///   `banter export` gives, writing to its file.
    package init(read: @escaping Reader, writeBytes: @escaping (Data) throws -> Void) {
        self.read = read
        self.write = writeBytes
    }

    /// A streamer writing text (an export built in memory, for tests and small files).
    package convenience init(read: @escaping Reader, write: @escaping (String) throws -> Void) {
        self.init(read: read, writeBytes: { try write(String(decoding: $0, as: UTF8.self)) })
    }

    /// Flushes `output`, then writes what `line` makes of each chunk of `messageID`'s
    /// attachment (for formats whose pieces are not whole lines, such as HTML's picture).
    func stream(messageID: Int64, after output: inout String, line: (Data) -> String) {
        guard error == nil else { return }
        do {
            try write(Data(output.utf8))
            output.removeAll(keepingCapacity: true)
            try read(messageID) { chunk in try write(Data(line(chunk).utf8)) }
        } catch {
            self.error = error
        }
    }

    /// Flushes `output`, then writes one line per chunk of `messageID`'s attachment: the
    /// chunk in base64 between `prefix` and `suffix`.
    func stream(messageID: Int64, after output: inout String, prefix: String, suffix: String) {
        guard error == nil else { return }
        let (prefix, suffix) = (Data(prefix.utf8), Data(suffix.utf8))
        do {
            try write(Data(output.utf8))
            output.removeAll(keepingCapacity: true)
            try read(messageID) { chunk in
                try write(prefix)
                try write(chunk.base64EncodedData())
                try write(suffix)
            }
        } catch {
            self.error = error
        }
    }
}
