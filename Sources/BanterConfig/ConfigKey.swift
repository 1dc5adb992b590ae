import BanterCore
import BanterLua
import BanterTheme
import Foundation

/// Every key of `config.toml`, one entry each: its table, type, check, environment
/// variable, default and help. The file parser, `banter config`, `banter config --init`
/// and docs/configuration.md all follow this list.
package enum ConfigKey: String, CaseIterable, Sendable {
    case database
    case bot
    case timeZone = "time-zone"
    case widthModel = "width-model"
    case border
    case theme
    case animation
    case watch
    case instructionLimit = "sandbox.instruction-limit"
    case memoryLimit = "sandbox.memory-limit"
    case timeLimit = "sandbox.time-limit"
    case sectionGap = "grouping.section-gap"
    case clusterGap = "grouping.cluster-gap"
    case headerPattern = "grouping.header-pattern"

    /// The tables of the file, in order.
    package static let tables = ["sandbox", "grouping"]

    /// The table the key is in (nil: the top level).
    package var table: String? {
        let parts = rawValue.split(separator: ".")
        return parts.count > 1 ? String(parts[0]) : nil
    }

    /// The key's name inside its table.
    package var name: String {
        String(rawValue.split(separator: ".").last ?? "")
    }

    /// The environment variable that sets it, between the flag and the file.
    var environmentVariable: String? {
        switch self {
        case .database: "BANTER_DB"
        case .theme: "BANTER_THEME"
        case .animation: "BANTER_NO_ANIMATION"
        default: nil
        }
    }

    /// The flag that sets it, for `banter config`'s help.
    package var flag: String {
        switch self {
        case .database: "--db"
        case .bot: "--bot"
        case .timeZone: "--time-zone"
        case .widthModel: "--width-model"
        case .border: "--border"
        case .theme: "--theme"
        case .animation: "--no-animation"
        case .watch: "--no-watch"
        case .instructionLimit: "--instruction-limit"
        case .memoryLimit: "--memory-limit"
        case .timeLimit: "--time-limit"
        case .sectionGap, .clusterGap, .headerPattern: "/rules in the chat"
        }
    }

    /// The value when nothing sets it; nil where the default is worked out at run time
    /// (`defaultDescription` says how).
    var defaultValue: ConfigValue? {
        switch self {
        case .database, .bot, .timeZone, .widthModel, .border: nil
        case .theme: .text(BuiltInTheme.default.rawValue)
        case .animation, .watch: .flag(true)
        case .instructionLimit: .integer(ScriptLimits.default.instructionsPerRun)
        case .memoryLimit: .text(Self.byteText(ScriptLimits.default.memoryBytes))
        case .timeLimit: .text(DurationParser.format(ScriptLimits.default.timePerRun))
        case .sectionGap: .text(DurationParser.format(GroupingRules.defaultSectionGap))
        case .clusterGap: .text(DurationParser.format(GroupingRules.defaultClusterGap))
        case .headerPattern: .text(GroupingRules.defaultHeaderPattern)
        }
    }

    /// The default in words.
    package var defaultDescription: String {
        switch self {
        case .database: "$XDG_DATA_HOME/banter/banter.sqlite"
        case .bot: "none: you chat on your own"
        case .timeZone: "the system's"
        case .widthModel: "measured in a chat terminal, else modern"
        case .border: "filled with colour, rounded without"
        default: defaultValue?.description ?? ""
        }
    }

    /// One line of help, for `banter config --init` and the docs.
    package var summary: String {
        switch self {
        case .database: "The database (a path; ~ and paths relative to this file work; :memory: keeps nothing)."
        case .bot: "The bot `banter chat` starts with when --bot is not given (a .lua file)."
        case .timeZone: "The time zone of headers and times, e.g. \"Europe/Paris\" or \"UTC\"."
        case .widthModel: "How the terminal measures emoji: \"modern\" or \"legacy\"."
        case .border: "Bubbles: \"filled\", \"rounded\" or \"ascii\"."
        case .theme: "A built-in theme (default, dark, light, mono), one of yours in themes/, or a theme file's path."
        case .animation: "Animate sending in the chat."
        case .watch: "Reload the bot when its files change during a chat."
        case .instructionLimit: "Lua instructions one bot handler run may execute (at least 1000)."
        case .memoryLimit: "Memory a bot may use: bytes, or with K, M or G (at least 1M)."
        case .timeLimit: "Wall-clock time one bot handler run may take (at least 10ms)."
        case .sectionGap: "New conversations: a message more than this after the previous one starts a section."
        case .clusterGap: "New conversations: messages from one side at most this far apart form a cluster."
        case .headerPattern: "New conversations: how section headers read (placeholders such as {day} and {time})."
        }
    }

    /// What the key accepts, for errors.
    var accepted: String {
        switch self {
        case .database, .bot: "a path in quotes"
        case .timeZone: "a time zone name in quotes, e.g. \"Europe/Paris\" or \"UTC\""
        case .widthModel: "\"" + WidthModel.allCases.map(\.rawValue).joined(separator: "\" or \"") + "\""
        case .border: "\"" + BorderStyle.allCases.map(\.rawValue).joined(separator: "\", \"") + "\""
        case .theme: "a theme name or a theme file's path, in quotes"
        case .animation, .watch: "true or false"
        case .instructionLimit: "a whole number of at least 1000"
        case .memoryLimit: "a size of at least 1M: bytes (67108864) or \"64M\", \"1G\""
        case .timeLimit: "a duration of at least 10ms in quotes, e.g. \"2s\" or \"500ms\""
        case .sectionGap, .clusterGap: "a duration in quotes, e.g. \"1h\", \"20s\", \"90m\""
        case .headerPattern: "a header pattern in quotes, e.g. \"{day} {time}\""
        }
    }

    /// Checks `value` for this key and returns it in its canonical form; the error message
    /// says what is wrong and what is accepted, calling the setting `name` (the flag, for a
    /// flag's value) or else the key.
    package func check(_ value: ConfigValue, as name: String? = nil) throws(ConfigKeyError) -> ConfigValue {
        let setting = name ?? rawValue
        let wrongType = ConfigKeyError(message: "\(setting) must be \(accepted), not \(Self.describe(value))")
        switch self {
        case .database, .bot:
            guard let text = value.text, !text.isEmpty else { throw wrongType }
            return value
        case .timeZone:
            guard let text = value.text else { throw wrongType }
            guard TimeZone(identifier: text) != nil else {
                throw ConfigKeyError(message: "unknown time zone \"\(text)\": write \(accepted)")
            }
            return value
        case .widthModel, .border:
            let choices = self == .border ? BorderStyle.allCases.map(\.rawValue) : WidthModel.allCases.map(\.rawValue)
            guard let text = value.text else { throw wrongType }
            guard choices.contains(text) else {
                throw ConfigKeyError(message: "\(setting) \"\(text)\" is not one of \(accepted)")
            }
            return value
        case .theme:
            guard let text = value.text, !text.isEmpty else { throw wrongType }
            return value
        case .animation, .watch:
            guard value.flag != nil else { throw wrongType }
            return value
        case .instructionLimit:
            guard let count = value.integer else { throw wrongType }
            guard count >= 1000 else { throw ConfigKeyError(message: "\(setting) must be at least 1000, got \(count)") }
            return value
        case .memoryLimit:
            let bytes: Int
            if let count = value.integer {
                bytes = count
            } else if let text = value.text, let count = Self.bytes(text) {
                bytes = count
            } else {
                throw ConfigKeyError(message: "\(setting) must be \(accepted), not \(Self.describe(value))")
            }
            guard bytes >= 1 << 20 else {
                throw ConfigKeyError(message: "\(setting) must be at least 1M, got \(bytes) bytes")
            }
            return .integer(bytes)
        case .timeLimit, .sectionGap, .clusterGap:
            guard let text = value.text else { throw wrongType }
            let duration: Duration
            do { duration = try DurationParser.parse(text) } catch {
                throw ConfigKeyError(message: "\(setting): \(error)")
            }
            if self == .timeLimit, duration.wholeMilliseconds < 10 {
                throw ConfigKeyError(message: "\(setting) must be at least 10ms, got \(text)")
            }
            return value
        case .headerPattern:
            guard let text = value.text else { throw wrongType }
            do { try HeaderFormatter.validate(pattern: text) } catch {
                throw ConfigKeyError(message: "\(setting): \(error)")
            }
            return value
        }
    }

    /// The value an environment variable's text stands for; nil when it sets nothing.
    func environmentValue(_ text: String) -> ConfigValue? {
        guard !text.isEmpty else { return nil }
        switch self {
        case .animation: return .flag(false) // BANTER_NO_ANIMATION=1 turns it off
        default: return .text(text)
        }
    }

    /// Bytes in `text`: a number with an optional K, M or G (powers of 1024) or B.
    package static func bytes(_ text: String) -> Int? {
        let text = text.trimmingCharacters(in: .whitespaces).uppercased()
        let scales: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text)
        var scale = 1
        if let last = digits.last, let found = scales[last] {
            scale = found
            digits = digits.dropLast()
        } else if digits.hasSuffix("B") {
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value >= 0, value <= Int.max / scale else { return nil }
        return value * scale
    }

    /// "64M" for 64 MiB: the largest unit that divides `bytes` exactly.
    package static func byteText(_ bytes: Int) -> String {
        for (unit, scale) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes % scale == 0 && bytes > 0 {
            return "\(bytes / scale)\(unit)"
        }
        return String(bytes)
    }

    private static func describe(_ value: ConfigValue) -> String {
        switch value {
        case .text(let text): "the string \"\(text)\""
        case .integer(let number): "the number \(number)"
        case .flag(let flag): flag ? "true" : "false"
        }
    }
}

/// Why a value does not fit its key, without the place: the file or the environment
/// variable it came from is added by whoever read it.
package struct ConfigKeyError: Error, Hashable, Sendable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}
