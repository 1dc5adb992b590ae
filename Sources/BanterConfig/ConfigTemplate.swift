/// The file `banter config --init` writes: every key, commented out at its default, under
/// its help line, so that a setting is changed by uncommenting one line.
package enum ConfigTemplate {
    package static var text: String {
        var lines = [
            "# Banter's configuration (docs/configuration.md). Every key is shown at its default,",
            "# commented out: uncomment a line to change it. A flag beats an environment variable,",
            "# which beats this file, which beats the default; `banter config` shows what is in effect.",
        ]
        var table: String?
        for key in ConfigKey.allCases {
            if key.table != table {
                table = key.table
                lines += ["", "[\(key.table ?? "")]"]
            }
            lines.append("")
            lines.append("# \(key.summary)")
            if let variable = key.environmentVariable { lines.append("# Environment: \(variable). Flag: \(key.flag).") }
            if key.defaultValue == nil { lines.append("# Default: \(key.defaultDescription).") }
            lines.append("# \(key.name) = \((key.defaultValue ?? example(key)).tomlLiteral)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value to show for keys whose default is worked out at run time.
    static func example(_ key: ConfigKey) -> ConfigValue {
        switch key {
        case .database: .text("~/.local/share/banter/banter.sqlite")
        case .bot: .text("~/bots/alisha.lua")
        case .timeZone: .text("Europe/Paris")
        case .widthModel: .text("modern")
        case .border: .text("filled")
        default: key.defaultValue ?? .text("")
        }
    }
}
