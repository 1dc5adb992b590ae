import Foundation

/// The chat-history formats `banter import --from` reads besides Banter's own transcript.
package enum HistoryFormat: String, CaseIterable, Sendable {
    /// WhatsApp's "Export chat": a text file, or a zip (or its folder) with the media.
    case whatsapp
    /// Telegram Desktop's "Export chat history" as JSON: `result.json`, in its folder with
    /// the photos and files, or zipped.
    case telegram
    /// DiscordChatExporter's JSON export of one channel, its media folder beside it.
    case discord
    /// A Slack workspace export: the zip, or its folder (`users.json`, a folder per channel).
    case slack

    /// The export at `path` in this format.
    package func export(at path: String) throws(HistoryError) -> ChatExport {
        switch self {
        case .whatsapp: try ChatExport(path: path)
        case .telegram: try ChatExport(path: path, textExtension: "json", preferred: "result.json")
        case .discord: try ChatExport(path: path, textExtension: "json", preferred: "")
        case .slack: try ChatExport(path: path, textExtension: "json", preferred: "users.json")
        }
    }

    /// The format of the export at `path` when it is one of these, told from what it is: a
    /// zip or a folder holding a chat text, or a text file whose first lines carry
    /// WhatsApp's date and time stamps. Nil for anything else (a Banter transcript among them).
    package static func detect(path: String) -> HistoryFormat? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue || path.lowercased().hasSuffix(".zip") {
            if (try? HistoryFormat.telegram.export(at: path))?.textName.hasSuffix("result.json") == true {
                return .telegram
            }
            if let slack = try? HistoryFormat.slack.export(at: path), slack.textName.hasSuffix("users.json"),
                !slack.folders().isEmpty
            {
                return .slack
            }
            return (try? ChatExport(path: path)) != nil ? .whatsapp : nil
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        let start = (try? handle.read(upToCount: 64 * 1024)) ?? Data()
        if start.range(of: Data("\"date_unixtime\"".utf8)) != nil { return .telegram }
        if start.range(of: Data("\"guild\"".utf8)) != nil, start.range(of: Data("\"channel\"".utf8)) != nil {
            return .discord
        }
        var found = false
        var lines = LineSplitter()
        lines.feed(start) { bytes, number in
            if number <= 20, !found, WhatsAppStamp.parse(bytes) != nil { found = true }
        }
        return found ? .whatsapp : nil
    }
}
