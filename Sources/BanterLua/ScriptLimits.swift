/// The limits every script runs under. Scripts are untrusted: each call into Lua (loading a
/// script, each resumption of a handler) gets a fresh instruction, time and pattern budget,
/// and the whole bot shares one memory cap. The command line may change any of them.
package struct ScriptLimits: Hashable, Sendable {
    /// Lua VM instructions one run may execute before it is stopped.
    package var instructionsPerRun: Int
    /// Wall-clock time one run may take before it is stopped.
    package var timePerRun: Duration
    /// Steps the Lua-pattern matcher may take in one run (string.find/match/gmatch/gsub and
    /// handler patterns), so that a backtracking bomb cannot hold the process in one C call.
    var patternStepsPerRun: Int
    /// Bytes the bot's Lua state may hold; exceeding it is a "not enough memory" error.
    package var memoryBytes: Int
    /// Characters (grapheme clusters) in one reply.
    package var maxReplyLength: Int
    /// Replies one handler run may send (a run is everything a message or an open triggers).
    package var maxRepliesPerRun: Int
    /// Times one handler run may pause (wait, ask, delayed reply) before it is stopped.
    package var maxPausesPerRun: Int
    /// Bytes of one module file or one chunk given to `load`.
    package var maxChunkBytes: Int

    package init(
        instructionsPerRun: Int = 50_000_000,
        timePerRun: Duration = .seconds(2),
        patternStepsPerRun: Int = 10_000_000,
        memoryBytes: Int = 32 << 20,
        maxReplyLength: Int = 4000,
        maxRepliesPerRun: Int = 20,
        maxPausesPerRun: Int = 1000,
        maxChunkBytes: Int = 1 << 20
    ) {
        self.instructionsPerRun = instructionsPerRun
        self.timePerRun = timePerRun
        self.patternStepsPerRun = patternStepsPerRun
        self.memoryBytes = memoryBytes
        self.maxReplyLength = maxReplyLength
        self.maxRepliesPerRun = maxRepliesPerRun
        self.maxPausesPerRun = maxPausesPerRun
        self.maxChunkBytes = maxChunkBytes
    }

    package static let `default` = ScriptLimits()
}
