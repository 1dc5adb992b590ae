/// Where a setting's value came from, as `banter config` shows it.
package enum SettingSource: Hashable, Sendable, CustomStringConvertible {
    /// A command-line flag, by name.
    case flag(String)
    /// An environment variable, by name.
    case environment(String)
    /// The configuration file, with the line.
    case file(path: String, line: Int?)
    /// Nothing set it: the built-in default.
    case builtIn

    package var description: String {
        switch self {
        case .flag(let name): "flag \(name)"
        case .environment(let name): "environment \(name)"
        case .file(let path, let line): line.map { "\(path):\($0)" } ?? path
        case .builtIn: "default"
        }
    }
}
