import BanterCore
import Foundation

/// A Slack workspace export (the zip, or its folder) behind the importer: `users.json`
/// names the people, one channel's folder holds a JSON array per day. The channel is
/// `--channel`, or the only one. Day files are read one at a time, in date order; a
/// message in a thread replies to the thread's first message.
struct SlackReader: HistoryReader {
    let formatName = "Slack"
    private let channel: String?
    private var folder = ""
    private var users: [String: String] = [:]
    private let decoder = JSONDecoder()

    init(channel: String?) {
        self.channel = channel
    }

    var readingNotes: [String] { ["channel #\(folder)", "times as exported"] }

    mutating func survey(_ export: ChatExport) throws -> [String] {
        var data = Data()
        try export.readText { data.append($0) }
        do {
            users = Dictionary(
                try decoder.decode([SlackUser].self, from: data).map { ($0.id, $0.displayName) },
                uniquingKeysWith: { first, _ in first })
        } catch {
            throw HistoryError.unreadable(path: export.textName, reason: "it is not Slack's list of users (\(error))")
        }
        let channels = export.folders()
        if let channel {
            let name = channel.hasPrefix("#") ? String(channel.dropFirst()) : channel
            guard channels.contains(name) else { throw HistoryError.unknownChannel(name, channels: channels) }
            folder = name
        } else {
            guard channels.count == 1, let only = channels.first else {
                throw HistoryError.unknownChannel(nil, channels: channels)
            }
            folder = only
        }
        var seen: Set<String> = []
        var authors: [String] = []
        try days(export) { day, _ in
            for message in day where Self.isPersonal(message) {
                let name = author(of: message)
                if seen.insert(name).inserted { authors.append(name) }
            }
        }
        return authors
    }

    mutating func read(_ export: ChatExport, _ body: (HistoryRecord) throws -> Void) throws {
        var problems: [HistoryProblem] = []
        try days(export) { day, file in
            for (index, message) in day.enumerated() {
                let location = HistoryLocation(file: file, path: "$[\(index)]")
                for record in records(message, location: location) { try body(record) }
            }
        } problem: {
            problems.append($0)
        }
        for problem in problems { try body(.problem(problem)) }
    }

    /// The channel's day files in date order, each decoded whole (a day's messages).
    private func days(
        _ export: ChatExport, _ body: ([SlackMessage], String) throws -> Void,
        problem: (HistoryProblem) -> Void = { _ in }
    ) throws {
        for name in export.files(in: folder) where name.hasSuffix(".json") {
            var data = Data()
            try export.readMedia(named: "\(folder)/\(name)") { data.append($0) }
            let file = "\(export.path)/\(folder)/\(name)"
            do {
                try body(try decoder.decode([SlackMessage].self, from: data), file)
            } catch let error as DecodingError {
                problem(
                    HistoryProblem(
                        HistoryLocation(file: file, path: "$"),
                        "not a day of Slack messages (\(JSONExportScan.reason(error))): the file is left out"))
            }
        }
    }

    private static func isPersonal(_ message: SlackMessage) -> Bool {
        message.subtype == nil || message.subtype == "bot_message" || message.subtype == "thread_broadcast"
            || message.subtype == "file_share" || message.subtype == "me_message"
    }

    private func author(of message: SlackMessage) -> String {
        message.user.flatMap { users[$0] } ?? message.userProfile?.displayName ?? message.userProfile?.realName
            ?? message.username ?? message.user ?? "unknown"
    }

    private func records(_ message: SlackMessage, location: HistoryLocation) -> [HistoryRecord] {
        guard let (sentAt, id) = Self.time(message.ts) else {
            return [
                .problem(HistoryProblem(location, "\"\(message.ts)\" is not a Slack time: the message is left out"))
            ]
        }
        let text = Self.plain(message.text ?? "", users: users)
        guard Self.isPersonal(message) else {
            return [.message(HistoryMessage(author: .system, text: text, sentAt: sentAt, location: location))]
        }
        var imported = HistoryMessage(
            author: .person(author(of: message)), text: text, sentAt: sentAt, location: location)
        imported.exportedID = id
        if let thread = message.threadTS, thread != message.ts { imported.replyTo = Self.time(thread)?.1 }
        if let edited = message.edited?.ts.flatMap(Self.time) {
            imported.isEdited = true
            imported.editedAt = edited.0
        }
        var problems: [HistoryRecord] = []
        for reaction in message.reactions ?? [] {
            guard let emoji = Self.emoji[reaction.name] else {
                problems.append(
                    .problem(
                        HistoryProblem(
                            location, "the reaction :\(reaction.name): is not an emoji Banter knows: it is left out")))
                continue
            }
            for user in reaction.users ?? [] {
                imported.reactions.append(
                    HistoryReaction(emoji: emoji, author: .person(users[user] ?? user), at: sentAt))
            }
        }
        if let file = message.files?.first {
            let name = file.name ?? file.title ?? "file"
            imported.fileMention = name
            imported.file = name
        }
        return [.message(imported)] + problems
    }

    /// "1704099600.000200": the instant, and the same as an id (microseconds).
    static func time(_ ts: String) -> (Timestamp, Int64)? {
        let parts = ts.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let seconds = Int64(parts[0]) else { return nil }
        let micro = parts.count == 2 ? Int64(parts[1].prefix(6).padding(toLength: 6, withPad: "0", startingAt: 0)) : 0
        guard let micro else { return nil }
        return (Timestamp(millisecondsSince1970: seconds * 1000 + micro / 1000), seconds * 1_000_000 + micro)
    }

    /// Slack's markup as plain text: `<@U1>` as "@name", `<https://x|words>` as "words (https://x)",
    /// `<#C1|general>` as "#general", and its three escapes.
    static func plain(_ text: String, users: [String: String]) -> String {
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            result += rest[..<open]
            let inside = rest[rest.index(after: open)..<close]
            let parts = inside.split(separator: "|", maxSplits: 1).map(String.init)
            let target = parts.first ?? ""
            let label = parts.count > 1 ? parts[1] : nil
            if target.hasPrefix("@") {
                result += "@" + (label ?? users[String(target.dropFirst())] ?? String(target.dropFirst()))
            } else if target.hasPrefix("#") {
                result += "#" + (label ?? String(target.dropFirst()))
            } else if target.hasPrefix("!") {
                result += "@" + (label ?? String(target.dropFirst()))
            } else if let label, label != target {
                result += "\(label) (\(target))"
            } else {
                result += target
            }
            rest = rest[rest.index(after: close)...]
        }
        result += rest
        return result.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The short names Slack reactions most often carry, as emoji.
    static let emoji: [String: String] = [
        "+1": "👍", "thumbsup": "👍", "-1": "👎", "thumbsdown": "👎", "heart": "❤️", "joy": "😂", "smile": "😄",
        "laughing": "😆", "slightly_smiling_face": "🙂", "tada": "🎉", "eyes": "👀", "pray": "🙏", "fire": "🔥",
        "white_check_mark": "✅", "heavy_check_mark": "✔️", "ok_hand": "👌", "rocket": "🚀", "clap": "👏",
        "thinking_face": "🤔", "100": "💯", "wave": "👋", "cry": "😢", "sob": "😭", "raised_hands": "🙌",
        "muscle": "💪", "star": "⭐", "sparkles": "✨", "party_popper": "🎉", "grinning": "😀", "wink": "😉",
        "sweat_smile": "😅", "rolling_on_the_floor_laughing": "🤣", "heart_eyes": "😍", "x": "❌", "warning": "⚠️",
    ]
}
