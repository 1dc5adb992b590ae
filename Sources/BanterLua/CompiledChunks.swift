import Foundation
import Synchronization

/// Chunks this process has compiled, in Lua's binary form, by chunk name and exact source
/// text: the sandbox prelude and support code, which every state loads, and a bot or module
/// that many scenarios load. Loading the binary form skips the parser, a large part of
/// creating a state; the result is the same function, with the same name and line
/// information. Only dumps made here from text are ever loaded as binary: scripts still
/// cannot load binary chunks.
final class CompiledChunks: Sendable {
    static let shared = CompiledChunks()
    /// Enough for the trusted chunks and a suite's bots and modules; a chunk beyond it
    /// starts the cache over (the trusted chunks are compiled once more), so that a
    /// long-lived process (a worker through many mutants, a test run) still caches what it
    /// loads now, not only what it loaded first.
    static let capacity = 512

    struct Key: Hashable, Sendable {
        var chunkName: String
        var source: [UInt8]

        /// Equal keys have equal names and the same bytes, compared in full.
        static func == (lhs: Key, rhs: Key) -> Bool {
            guard lhs.chunkName == rhs.chunkName, lhs.source.count == rhs.source.count else { return false }
            guard !lhs.source.isEmpty else { return true }
            return lhs.source.withUnsafeBytes { left in
                rhs.source.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 }
            }
        }

        /// The name, the length and the source's ends only. The array's own hash feeds the
        /// hasher byte by byte: for the sandbox prelude, a lookup cost as much as loading it.
        func hash(into hasher: inout Hasher) {
            hasher.combine(chunkName)
            hasher.combine(source.count)
            source.withUnsafeBytes { bytes in
                let ends = min(bytes.count, Self.hashedEnd)
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.prefix(ends)))
                hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.suffix(ends)))
            }
        }

        static let hashedEnd = 256
    }

    private let chunks = Mutex<[Key: [UInt8]]>([:])

    func binary(for key: Key) -> [UInt8]? {
        chunks.withLock { $0[key] }
    }

    func store(_ binary: [UInt8], for key: Key) {
        chunks.withLock { chunks in
            if chunks.count >= Self.capacity { chunks.removeAll(keepingCapacity: true) }
            chunks[key] = binary
        }
    }
}
