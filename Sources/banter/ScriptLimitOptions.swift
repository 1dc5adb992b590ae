import ArgumentParser
import BanterConfig
import BanterCore
import BanterLua
import BanterScript

/// The sandbox limits every command that runs Lua lets the user change (`chat`, `run`,
/// `replay`, `test`). Each limit is a flag, else the configuration file's `[sandbox]` key,
/// else `ScriptLimits.default`; flags and the file are checked by the same rules
/// (`ConfigKey.check`).
struct ScriptLimitOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Lua instructions one bot handler run may execute.", valueName: "n"))
    var instructionLimit: Int?

    @Option(name: .long, help: ArgumentHelp("Memory a bot may use, in bytes (suffixes K, M, G).", valueName: "size"))
    var memoryLimit: ByteCount?

    @Option(
        name: .long,
        help: ArgumentHelp("Wall-clock time one bot handler run may take (e.g. 2s).", valueName: "duration"))
    var timeLimit: String?

    func validate() throws {
        for (key, value) in flags {
            do { _ = try key.check(value, as: key.flag) } catch { throw ValidationError(error.message) }
        }
    }

    /// The limits by precedence.
    func limits(in settings: Settings) throws -> ScriptLimits {
        try Diagnostics.exitOnConfigError {
            var limits = ScriptLimits.default
            let given = Dictionary(uniqueKeysWithValues: flags)
            if let count = try settings.resolve(.instructionLimit, flag: given[.instructionLimit]).value?.integer {
                limits.instructionsPerRun = count
            }
            if let bytes = try settings.resolve(.memoryLimit, flag: given[.memoryLimit]).value?.integer {
                limits.memoryBytes = bytes
            }
            if let text = try settings.resolve(.timeLimit, flag: given[.timeLimit]).value?.text {
                limits.timePerRun = try DurationParser.parse(text)
            }
            return limits
        }
    }

    /// The effective limits as flags, to pass on to another `banter` process (a test
    /// worker), which then needs no configuration file.
    static func arguments(for limits: ScriptLimits) -> [String] {
        [
            "--instruction-limit", String(limits.instructionsPerRun),
            "--memory-limit", String(limits.memoryBytes),
            "--time-limit", "\(limits.timePerRun.wholeMilliseconds)ms",
        ]
    }

    /// The limits given on the command line, as the configuration keys they override.
    private var flags: [(ConfigKey, ConfigValue)] {
        var flags: [(ConfigKey, ConfigValue)] = []
        if let instructionLimit { flags.append((.instructionLimit, .integer(instructionLimit))) }
        if let memoryLimit { flags.append((.memoryLimit, .integer(memoryLimit.bytes))) }
        if let timeLimit { flags.append((.timeLimit, .text(timeLimit))) }
        return flags
    }
}
