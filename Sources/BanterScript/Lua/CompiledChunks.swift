import Synchronization

/// Chunks this process has compiled, in Lua's binary form, by chunk name and exact source
/// text: the sandbox prelude and support code, which every state loads, and a bot or module
/// that many scenarios load. Loading the binary form skips the parser, a large part of
/// creating a state; the result is the same function, with the same name and line
/// information. Only dumps made here from text are ever loaded as binary: scripts still
/// cannot load binary chunks.
final class CompiledChunks: Sendable {
    static let shared = CompiledChunks()
    /// Enough for the trusted chunks and a suite's bots and modules; beyond it, nothing is added.
    static let capacity = 512

    struct Key: Hashable, Sendable {
        var chunkName: String
        var source: [UInt8]
    }

    private let chunks = Mutex<[Key: [UInt8]]>([:])

    func binary(for key: Key) -> [UInt8]? {
        chunks.withLock { $0[key] }
    }

    func store(_ binary: [UInt8], for key: Key) {
        chunks.withLock { chunks in
            if chunks.count < Self.capacity { chunks[key] = binary }
        }
    }
}
