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
        return URL(fileURLWithPath: address, relativeTo: folder).standardizedFileURL.path
    }

    /// What the bot is called before it says: the file's name without its extension, or
    /// a URL's host.
    package static func shortName(_ address: String) -> String {
        guard isURL(address) else { return URL(fileURLWithPath: address).deletingPathExtension().lastPathComponent }
        return URL(string: address)?.host ?? address
    }
}
