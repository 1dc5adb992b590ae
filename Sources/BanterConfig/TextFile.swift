import Foundation

/// Reads the configuration file and theme files, with errors that say what to do.
enum TextFile {
    /// The UTF-8 text of the file at `path`; `what` names it in errors ("theme file").
    static func read(_ path: String, what: String) throws(ConfigError) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw ConfigError(origin: path, line: nil, message: "no such \(what)")
        }
        guard !isFolder.boolValue else {
            throw ConfigError(origin: path, line: nil, message: "is a folder, not a \(what)")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigError(origin: path, line: nil, message: "the \(what) cannot be read (check its permissions)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError(origin: path, line: nil, message: "the \(what) is not UTF-8 text, as TOML must be")
        }
        return text
    }
}
