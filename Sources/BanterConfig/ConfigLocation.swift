import Foundation

/// Where Banter's configuration lives: `$XDG_CONFIG_HOME/banter` (an absolute
/// `XDG_CONFIG_HOME` only, as the XDG spec says), else `~/.config/banter`.
package enum ConfigLocation {
    /// The folder of `config.toml` and `themes/`.
    package static func folder(environment: [String: String]) -> String {
        if let configHome = environment["XDG_CONFIG_HOME"], configHome.hasPrefix("/") {
            return configHome + "/banter"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/banter"
    }

    /// The configuration file to read: `explicit` (`--config`), else `BANTER_CONFIG`, else
    /// the default one. `isChosen` says whether the user named it (then it must exist).
    package static func file(explicit: String?, environment: [String: String]) -> (path: String, isChosen: Bool) {
        if let explicit { return (resolve(explicit, relativeTo: nil), true) }
        if let chosen = environment["BANTER_CONFIG"], !chosen.isEmpty {
            return (resolve(chosen, relativeTo: nil), true)
        }
        return (folder(environment: environment) + "/config.toml", false)
    }

    /// `path` with "~" expanded, made absolute against `folder` (else the working directory).
    package static func resolve(_ path: String, relativeTo folder: String?) -> String {
        let expanded = NSString(string: path).expandingTildeInPath
        guard !expanded.hasPrefix("/") else { return expanded }
        let base = folder ?? FileManager.default.currentDirectoryPath
        return URL(fileURLWithPath: base).appendingPathComponent(expanded).standardizedFileURL.path
    }
}
