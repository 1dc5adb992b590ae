import Foundation

/// How a path reads in a command's output.
enum DisplayPath {
    /// `path` relative to the current folder when it is inside it, else as it is.
    static func relative(_ path: String) -> String {
        let folder = FileManager.default.currentDirectoryPath + "/"
        return path.hasPrefix(folder) ? String(path.dropFirst(folder.count)) : path
    }
}
