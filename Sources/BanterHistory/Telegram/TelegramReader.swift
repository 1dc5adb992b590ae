import BanterCore
import BanterExport
import Foundation

/// Telegram Desktop's `result.json` behind the importer. The file is one JSON object whose
/// `messages` array is walked element by element as the bytes stream in (the JSON Lines
/// import's `DocumentScanner`), so a chat of any length is read in constant memory. The
/// survey reads the senders and the chat's name and type; a personal chat's other person
/// is its name, so `--me` is the other sender.
struct TelegramReader: HistoryReader {
    let formatName = "Telegram"
    private let zone: TimeZone
    private var chatName: String?
    private var chatType: String?
    private var authors: [String] = []
    private let decoder = JSONDecoder()

    init(zone: TimeZone) {
        self.zone = zone
    }

    var readingNotes: [String] { ["times as exported"] }

    /// In a personal chat, the sender who is not the chat's name is the user.
    var inferredMe: String? {
        guard chatType == "personal_chat", let chatName, authors.count == 2, authors.contains(chatName) else {
            return nil
        }
        return authors.first { $0 != chatName }
    }

    mutating func survey(_ export: ChatExport) throws -> [String] {
        var seen: Set<String> = []
        var found: [String] = []
        var name: String?
        var type: String?
        try JSONExportScan.scan(export) { event in
            switch event {
            case .field(let key, let value):
                if key == "name" { name = try? decoder.decode(String.self, from: value) }
                if key == "type" { type = try? decoder.decode(String.self, from: value) }
            case .message(_, let value):
                // Read whole, as the import will: a message it leaves out names no sender.
                guard let message = try? decoder.decode(TelegramMessage.self, from: value), message.type == "message",
                    message.dateUnixtime != nil || message.date != nil
                else { return }
                let author = message.from ?? message.fromID ?? Self.deletedAccount
                if seen.insert(author).inserted { found.append(author) }
            }
        }
        chatName = name
        chatType = type
        authors = found
        return found
    }

    mutating func read(_ export: ChatExport, _ body: (HistoryRecord) throws -> Void) throws {
        var clock = ZoneClock(zone: zone)
        try JSONExportScan.scan(export) { event in
            guard case .message(let index, let value) = event else { return }
            let location = HistoryLocation(file: export.textName, path: "$.messages[\(index)]")
            let message: TelegramMessage
            do {
                message = try decoder.decode(TelegramMessage.self, from: value)
            } catch let error as DecodingError {
                try body(
                    .problem(
                        HistoryProblem(
                            location, "not a Telegram message Banter reads (\(JSONExportScan.reason(error)))")))
                return
            }
            for record in Self.records(message, location: location, clock: &clock) { try body(record) }
        }
    }

    /// The message as the importer takes it, and what of it could not be kept.
    private static func records(_ message: TelegramMessage, location: HistoryLocation, clock: inout ZoneClock)
        -> [HistoryRecord]
    {
        guard let sentAt = time(unix: message.dateUnixtime, local: message.date, clock: &clock) else {
            return [.problem(HistoryProblem(location, "the message has no time Banter reads: it is left out"))]
        }
        var problems: [HistoryRecord] = []
        let text = message.text?.markup ?? ""
        var imported: HistoryMessage
        if message.type == "service" {
            imported = HistoryMessage(
                author: .system, text: serviceText(message, text: text), sentAt: sentAt, location: location)
        } else {
            let author = message.from ?? message.fromID ?? deletedAccount
            imported = HistoryMessage(author: .person(author), text: text, sentAt: sentAt, location: location)
            if let path = message.photo ?? message.file {
                if path.hasPrefix("(") {
                    imported.mediaOmitted = true
                    imported.text = [path, text].filter { !$0.isEmpty }.joined(separator: "\n")
                } else {
                    imported.file = path
                    imported.fileMention = path
                }
            }
        }
        imported.exportedID = message.id
        imported.replyTo = message.replyToMessageID
        if let edited = message.editedUnixtime.flatMap(Int64.init) {
            imported.isEdited = true
            imported.editedAt = Timestamp(millisecondsSince1970: edited * 1000)
        }
        for reaction in message.reactions ?? [] {
            guard reaction.type == "emoji", let emoji = reaction.emoji, Reaction.isValidEmoji(emoji) else {
                problems.append(
                    .problem(
                        HistoryProblem(
                            location, "a \(reaction.type) reaction is not one emoji: it is left out")))
                continue
            }
            let recent = reaction.recent ?? []
            for person in recent {
                let at = time(unix: nil, local: person.date, clock: &clock) ?? sentAt
                imported.reactions.append(
                    HistoryReaction(emoji: emoji, author: .person(person.from ?? deletedAccount), at: at))
            }
            if let count = reaction.count, count > recent.count {
                problems.append(
                    .problem(
                        HistoryProblem(
                            location,
                            "\(count - recent.count) of \(count) \(emoji) reactions name nobody in the export: they are left out"
                        )))
            }
        }
        if imported.text.isEmpty && imported.file == nil && !imported.mediaOmitted && imported.author != .system {
            return problems + [
                .problem(
                    HistoryProblem(
                        location,
                        "the message has no text or file Banter reads\(message.mediaType.map { " (\($0))" } ?? ""): it is left out"
                    ))
            ]
        }
        return [.message(imported)] + problems
    }

    /// A service message in words: "Ann invite members Bo, Cy", "Ann edit group title “Trip”".
    private static func serviceText(_ message: TelegramMessage, text: String) -> String {
        var words = [message.actor ?? "", (message.action ?? "").replacingOccurrences(of: "_", with: " ")]
        if let title = message.title { words.append("“\(title)”") }
        let members = (message.members ?? []).map { $0 ?? deletedAccount }
        if !members.isEmpty { words.append(members.joined(separator: ", ")) }
        if !text.isEmpty { words.append(text) }
        return words.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The instant of a message: its Unix time when given, else its local time read in the
    /// zone (`2024-01-01T00:00:00`).
    private static func time(unix: String?, local: String?, clock: inout ZoneClock) -> Timestamp? {
        if let seconds = unix.flatMap(Int64.init) { return Timestamp(millisecondsSince1970: seconds * 1000) }
        guard let local else { return nil }
        let numbers = local.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard numbers.count >= 6 else { return nil }
        let date = CivilDate(year: numbers[0], month: numbers[1], day: numbers[2])
        guard date.isValid, numbers[3] < 24, numbers[4] < 60, numbers[5] < 60 else { return nil }
        return clock.timestamp(date, hour: numbers[3], minute: numbers[4], second: numbers[5])
    }

    private static let deletedAccount = "Deleted Account"
}
