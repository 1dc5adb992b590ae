import BanterTheme

/// How much colour the output may use.
public enum ColorMode: String, Hashable, Sendable, CaseIterable {
    /// Plain text: not a terminal, `NO_COLOR`, or `TERM=dumb`.
    case none
    /// The xterm 256-colour palette, which every colour terminal of the last decade has.
    case palette256
    /// 24-bit colour, used only when the terminal says it supports it (`COLORTERM`).
    case trueColor

    /// The mode for a process with `environment` whose output is (or is not) a terminal.
    /// `NO_COLOR` counts when set to anything but the empty string (no-color.org).
    package static func detect(environment: [String: String], isTerminal: Bool) -> ColorMode {
        guard isTerminal else { return .none }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        if environment["TERM"] == "dumb" { return .none }
        switch environment["COLORTERM"]?.lowercased() {
        case "truecolor", "24bit": return .trueColor
        default: return .palette256
        }
    }
}

extension ColorMode {
    /// The colour depth a theme's contrast is measured in for this mode; nil for plain text,
    /// which draws nothing of the theme.
    package var depth: ColorDepth? {
        switch self {
        case .none: nil
        case .palette256: .palette256
        case .trueColor: .trueColor
        }
    }
}
