/// The lines a state's hook stops at, kept where the C hook can test them quickly: a byte
/// per line number says some file has a breakpoint there, and only then is the file compared.
final class LineBreakpoints {
    /// "file:line" keys, the file as a chunk names it without "@" and a leading "./".
    private(set) var keys: Set<String> = []
    /// One byte per line number up to the highest breakpoint's.
    private(set) var marks: UnsafeMutableBufferPointer<UInt8> = .init(start: nil, count: 0)

    deinit { marks.deallocate() }

    /// No script has more lines than bytes, and none has more than this many bytes
    /// (`ScriptLimits.maxChunkBytes` tops out far below): a line past it cannot be reached.
    static let maxLine = 1 << 24

    /// Replaces the breakpoints with `lines` (file as typed, line).
    func set(_ lines: [(file: String, line: Int)]) {
        let lines = lines.filter { $0.line > 0 && $0.line <= LineBreakpoints.maxLine }
        keys = Set(lines.map { LineBreakpoints.key(file: $0.file, line: $0.line) })
        marks.deallocate()
        let count = (lines.map(\.line).max() ?? -1) + 1
        marks = .allocate(capacity: count)
        marks.initialize(repeating: 0)
        for (_, line) in lines { marks[line] = 1 }
    }

    /// Whether line `line` of chunk `source` ("@alisha.lua", "@./lib/x.lua") has a
    /// breakpoint; a breakpoint given with folders matches the chunk named by its file alone,
    /// and the other way round.
    func contains(source: String, line: Int) -> Bool {
        let file = LineBreakpoints.normalized(source.hasPrefix("@") ? String(source.dropFirst()) : source)
        if keys.contains("\(file):\(line)") { return true }
        return keys.contains { key in
            guard key.hasSuffix(":\(line)") else { return false }
            let other = String(key.dropLast(":\(line)".count))
            return other.hasSuffix("/" + file) || file.hasSuffix("/" + other)
        }
    }

    static func key(file: String, line: Int) -> String { "\(normalized(file)):\(line)" }

    static func normalized(_ file: String) -> String {
        var file = file
        while file.hasPrefix("./") { file.removeFirst(2) }
        return file
    }
}
