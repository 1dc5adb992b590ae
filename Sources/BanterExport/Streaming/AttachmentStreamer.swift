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
public final class AttachmentStreamer {
    /// Hands the bytes of a message's attachment to the body, a chunk at a time, in order.
    public typealias Reader = (_ messageID: Int64, _ body: (Data) throws -> Void) throws -> Void

    private let read: Reader
    private let write: (String) throws -> Void
    /// The first failure, if any.
    public private(set) var error: (any Error)?

    public init(read: @escaping Reader, write: @escaping (String) throws -> Void) {
        self.read = read
        self.write = write
    }

    /// Flushes `output`, then writes one line per chunk of `messageID`'s attachment,
    /// each made by `line`.
    func stream(messageID: Int64, after output: inout String, line: (Data) -> String) {
        guard error == nil else { return }
        do {
            try write(output)
            output.removeAll(keepingCapacity: true)
            try read(messageID) { chunk in try write(line(chunk)) }
        } catch {
            self.error = error
        }
    }
}
