import Foundation

/// Where a bot lives, as `--bot`, `--bot-url`, `/bot`, `/invite` and a scenario's `bot = "…"`
/// give it: a file (a Lua script, a program, a bot file) or the URL of a bot behind an HTTP
/// endpoint. Paths are resolved against a folder and stored absolute; a URL is kept as
/// written, so every place that resolves a bot path asks here first.
package enum BotAddress {
    /// Whether `text` names a bot behind an HTTP endpoint (`http://…` or `https://…`).
    package static func isURL(_ text: String) -> Bool {
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// `address` resolved against `folder` (the working folder when nil) and standardised;
    /// a URL unchanged.
    package static func resolved(_ address: String, relativeTo folder: URL? = nil) -> String {
        guard !isURL(address) else { return address }
        if let path = byComponents(address, relativeTo: folder) { return path }
        return URL(fileURLWithPath: address, relativeTo: folder).standardizedFileURL.path
    }

    /// `resolved`'s answer worked out from the path's components (`.` dropped, `..` taking
    /// the one before it away, as URL standardisation does), for an absolute path or one
    /// relative to an absolute folder URL that names a folder (a path relative to a file's
    /// URL is relative to the file's folder), with no empty component (no `//`, no trailing `/`);
    /// nil for anything else, which Foundation resolves. A scenario resolves its bot's path
    /// twice, and `URL` took 30 to 70 K instructions each time.
    private static func byComponents(_ address: String, relativeTo folder: URL?) -> String? {
        let path: String
        if address.hasPrefix("/") {
            path = address
        } else {
            guard let folder, folder.isFileURL, folder.hasDirectoryPath else { return nil }
            let folderPath = folder.path
            guard folderPath.hasPrefix("/") else { return nil }
            path = folderPath == "/" ? "/" + address : folderPath + "/" + address
        }
        var kept: [Substring] = []
        for component in path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            switch component.count {
            case 0: return nil
            case 1 where component.first == UInt8(ascii: "."): continue
            case 2 where component.elementsEqual("..".utf8): _ = kept.popLast()
            default: kept.append(Substring(component))
            }
        }
        return "/" + kept.joined(separator: "/")
    }

    /// The last component of `path`, as `URL(fileURLWithPath:).lastPathComponent` gives
    /// it, worked out from the text when that component is a name (not empty, `.` or `..`,
    /// which Foundation resolves against the working folder): every script path a
    /// conversation stores. A bot's memory is kept under its file's name, asked for at
    /// every save.
    package static func fileName(_ path: String) -> String {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? path[...]
        guard !name.isEmpty, name != ".", name != ".." else { return URL(fileURLWithPath: path).lastPathComponent }
        return String(name)
    }

    /// What the bot is called before it says: the file's name without its extension, or
    /// a URL's host.
    package static func shortName(_ address: String) -> String {
        guard isURL(address) else { return URL(fileURLWithPath: address).deletingPathExtension().lastPathComponent }
        return URL(string: address)?.host ?? address
    }
}
