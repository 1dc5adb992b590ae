extension String {
    /// `pieces` end to end in one allocation: a bubble's row is five pieces, and appending
    /// them one by one cost a capacity check and a copy through the general append path each
    /// (about 2 000 instructions a row against 700 this way; callgrind of `bench --only render`).
    static func joined(_ pieces: Substring...) -> String {
        var count = 0
        for piece in pieces { count += piece.utf8.count }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            for piece in pieces {
                let copied = piece.utf8.withContiguousStorageIfAvailable { bytes in
                    UnsafeMutableBufferPointer(rebasing: buffer[offset...]).initialize(fromContentsOf: bytes)
                }
                if let copied {
                    offset += copied
                } else {
                    for byte in piece.utf8 {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
            }
            return offset
        }
    }
}
