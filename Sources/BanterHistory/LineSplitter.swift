import Foundation

/// Cuts a text arriving in chunks into lines, handing each one out as bytes (without its
/// line break or a carriage return before it) with its number, counted from 1. Lines whole
/// inside a chunk are handed out in place; only a line cut by a chunk's end is copied.
struct LineSplitter {
    private var pending: [UInt8] = []
    private(set) var line = 0
    /// The longest line kept whole; the rest of a longer one is cut off (and said so).
    static let maximumLineBytes = 1 << 20

    /// Hands out every line `chunk` completes.
    mutating func feed(_ chunk: Data, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        try chunk.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            while start < bytes.count {
                guard let base = bytes.baseAddress,
                    let found = memchr(base + start, 0x0A, bytes.count - start)
                else {
                    if pending.count < Self.maximumLineBytes {
                        pending.append(
                            contentsOf: UnsafeBufferPointer(
                                rebasing: bytes[start..<min(bytes.count, start + Self.maximumLineBytes)]))
                    }
                    return
                }
                let end = UnsafeRawPointer(found).assumingMemoryBound(to: UInt8.self) - base
                if pending.isEmpty {
                    try emit(UnsafeBufferPointer(rebasing: bytes[start..<end]), body)
                } else {
                    pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    try flushPending(body)
                }
                start = end + 1
            }
        }
    }

    /// Hands out the last line, when the text does not end with a line break.
    mutating func finish(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        if !pending.isEmpty { try flushPending(body) }
    }

    private mutating func flushPending(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) rethrows {
        let taken = pending
        pending.removeAll(keepingCapacity: true)
        try taken.withUnsafeBufferPointer { try emit($0, body) }
    }

    private mutating func emit(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void
    ) rethrows {
        line += 1
        var count = bytes.count
        if count > 0, bytes[count - 1] == 0x0D { count -= 1 }
        try body(UnsafeBufferPointer(rebasing: bytes[0..<count]), line)
    }
}
