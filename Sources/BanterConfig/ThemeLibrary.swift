import BanterTheme
import Foundation

/// Finds themes: the built-in ones by name, the user's own in
/// `$XDG_CONFIG_HOME/banter/themes/NAME.toml` by name, and any theme file by path.
package struct ThemeLibrary: Sendable {
    /// The folder of the user's themes.
    let userFolder: String

    /// The library of the user `environment` describes (`XDG_CONFIG_HOME`, `HOME`), passed in
    /// so tests can point it anywhere.
    package init(environment: [String: String]) {
        userFolder = ConfigLocation.folder(environment: environment) + "/themes"
    }

    /// The theme `nameOrPath` names: a value with a "/" or ending in ".toml" is a file
    /// (relative to `folder` when given, else to the working directory), anything else a
    /// built-in or user theme's name.
    package func theme(_ nameOrPath: String, relativeTo folder: String? = nil) throws(ConfigError) -> ThemeChoice {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".toml") {
            return try load(path: ConfigLocation.resolve(nameOrPath, relativeTo: folder))
        }
        if let builtIn = BuiltInTheme(rawValue: nameOrPath) { return ThemeChoice(builtIn: builtIn) }
        let userFile = userFolder + "/" + nameOrPath + ".toml"
        if FileManager.default.fileExists(atPath: userFile) { return try load(path: userFile) }
        let users = userThemePaths().map { URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
        throw ConfigError(
            origin: "theme", line: nil,
            message: "unknown theme \"\(nameOrPath)\": built-in themes are "
                + BuiltInTheme.allCases.map(\.rawValue).joined(separator: ", ")
                + (users.isEmpty ? "" : "; yours (in \(userFolder)) are " + users.joined(separator: ", "))
                + "; or give a theme file's path")
    }

    /// Reads a theme file; its name is the file's name without ".toml".
    package func load(path: String) throws(ConfigError) -> ThemeChoice {
        let file = try ThemeFile.parse(try TextFile.read(path, what: "theme file"), origin: path)
        return ThemeChoice(
            name: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, palette: file.palette,
            description: file.description ?? "your theme", path: path)
    }

    /// The user's theme files, by name.
    package func userThemePaths() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: userFolder)) ?? []
        return names.filter { $0.hasSuffix(".toml") && !$0.hasPrefix(".") }.sorted().map { userFolder + "/" + $0 }
    }
}
