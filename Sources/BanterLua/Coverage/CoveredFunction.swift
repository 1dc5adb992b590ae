/// What line coverage recorded of one function of a script: its chunk (the file name as Lua
/// gives it, "alisha.lua" or "lib/util.lua", relative to the script's folder), the lines it
/// spans, and how often each of its lines ran.
public struct CoveredFunction: Hashable, Sendable {
    /// The chunk's name without Lua's "@".
    public var chunk: String
    /// `linedefined`…`lastlinedefined` (0…0 for a file's main chunk).
    public var firstLine: Int
    public var lastLine: Int
    /// Line → run count, for the lines that ran.
    public var hits: [Int: Int]

    public init(chunk: String, firstLine: Int, lastLine: Int, hits: [Int: Int]) {
        self.chunk = chunk
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.hits = hits
    }
}
