import ArgumentParser
import BanterCore
import BanterScript

/// The sandbox limits every command that runs Lua lets the user change (`chat`, `run`,
/// `replay`, `test`); unset options keep `ScriptLimits.default`.
struct ScriptLimitOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Lua instructions one bot handler run may execute.", valueName: "n"))
    var instructionLimit: Int?

    @Option(name: .long, help: ArgumentHelp("Memory a bot may use, in bytes (suffixes K, M, G).", valueName: "size"))
    var memoryLimit: ByteCount?

    @Option(name: .long, help: ArgumentHelp("Wall-clock time one bot handler run may take (e.g. 2s).", valueName: "duration"))
    var timeLimit: String?

    func validate() throws {
        if let instructionLimit, instructionLimit < 1000 {
            throw ValidationError("--instruction-limit must be at least 1000, got \(instructionLimit)")
        }
        if let memoryLimit, memoryLimit.bytes < 1 << 20 {
            throw ValidationError("--memory-limit must be at least 1M, got \(memoryLimit.bytes) bytes")
        }
        if let timeLimit {
            // Zero would switch the wall-clock guard off, not make it strict.
            if try parsedTimeLimit(timeLimit).wholeMilliseconds < 10 {
                throw ValidationError("--time-limit must be at least 10ms, got \(timeLimit)")
            }
        }
    }

    /// The defaults with what the user set.
    var limits: ScriptLimits {
        get throws {
            var limits = ScriptLimits.default
            if let instructionLimit { limits.instructionsPerRun = instructionLimit }
            if let memoryLimit { limits.memoryBytes = memoryLimit.bytes }
            if let timeLimit { limits.timePerRun = try parsedTimeLimit(timeLimit) }
            return limits
        }
    }

    /// The options as given, to pass on to another `banter` process (a test worker).
    var arguments: [String] {
        var arguments: [String] = []
        if let instructionLimit { arguments += ["--instruction-limit", String(instructionLimit)] }
        if let memoryLimit { arguments += ["--memory-limit", String(memoryLimit.bytes)] }
        if let timeLimit { arguments += ["--time-limit", timeLimit] }
        return arguments
    }

    private func parsedTimeLimit(_ text: String) throws -> Duration {
        do { return try DurationParser.parse(text) } catch { throw ValidationError("--time-limit: \(error)") }
    }
}
