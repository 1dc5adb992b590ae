/// What line coverage recorded of one function of a script: its chunk (the file name as Lua
/// gives it, "alisha.lua" or "lib/util.lua", relative to the script's folder), the lines it
/// spans, and how often each of its lines ran.
package struct CoveredFunction: Hashable, Sendable {
    /// The chunk's name without Lua's "@".
    package var chunk: String
    /// `linedefined`…`lastlinedefined` (0…0 for a file's main chunk).
    package var firstLine: Int
    package var lastLine: Int
    /// Line → run count, for the lines that ran.
    package var hits: [Int: Int]

    package init(chunk: String, firstLine: Int, lastLine: Int, hits: [Int: Int]) {
        self.chunk = chunk
        self.firstLine = firstLine
        self.lastLine = lastLine
        self.hits = hits
    }
}
