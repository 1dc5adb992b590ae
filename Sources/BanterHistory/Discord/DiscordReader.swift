import BanterCore
import BanterExport
import Foundation

/// DiscordChatExporter's JSON behind the importer: one object whose `messages` array is
/// walked element by element as it streams in (`DocumentScanner`), like Telegram's. Senders
/// are shown by nickname; a direct message channel between two people needs `--me` to say
/// which one is you. A message with several attachments becomes one message per file (the
/// text with the first), at the same time, so they cluster.
struct DiscordReader: HistoryReader {
    let formatName = "Discord"
    private let decoder = JSONDecoder()

    var readingNotes: [String] { ["times as exported"] }

    mutating func survey(_ export: ChatExport) throws -> [String] {
        var seen: Set<String> = []
        var authors: [String] = []
        try JSONExportScan.scan(export) { event in
            guard case .message(_, let value) = event,
                let message = try? decoder.decode(DiscordMessage.self, from: value),
                Self.isPersonal(message.type), JSONExportScan.time(message.timestamp) != nil
            else { return }
            if seen.insert(message.author.displayName).inserted { authors.append(message.author.displayName) }
        }
        return authors
    }

    mutating func read(_ export: ChatExport, _ body: (HistoryRecord) throws -> Void) throws {
        try JSONExportScan.scan(export) { event in
            guard case .message(let index, let value) = event else { return }
            let location = HistoryLocation(file: export.textName, path: "$.messages[\(index)]")
            do {
                let message = try decoder.decode(DiscordMessage.self, from: value)
                for record in Self.records(message, location: location) { try body(record) }
            } catch let error as DecodingError {
                try body(
                    .problem(
                        HistoryProblem(
                            location, "not a DiscordChatExporter message (\(JSONExportScan.reason(error)))")))
            }
        }
    }

    static func isPersonal(_ type: String) -> Bool { type == "Default" || type == "Reply" }

    private static func records(_ message: DiscordMessage, location: HistoryLocation) -> [HistoryRecord] {
        guard let sentAt = JSONExportScan.time(message.timestamp) else {
            return [
                .problem(
                    HistoryProblem(
                        location, "\"\(message.timestamp)\" is not an ISO 8601 time: the message is left out"))
            ]
        }
        let name = message.author.displayName
        let text = message.content ?? ""
        guard isPersonal(message.type) else {
            let words = text.isEmpty ? "\(name) \(message.type)" : text
            return [.message(HistoryMessage(author: .system, text: words, sentAt: sentAt, location: location))]
        }
        var problems: [HistoryRecord] = []
        var first = HistoryMessage(author: .person(name), text: text, sentAt: sentAt, location: location)
        first.exportedID = Int64(message.id)
        first.replyTo = message.reference?.messageId.flatMap { Int64($0) }
        if let edited = message.timestampEdited.flatMap(JSONExportScan.time) {
            first.isEdited = true
            first.editedAt = edited
        }
        for reaction in message.reactions ?? [] {
            guard reaction.emoji.id?.isEmpty ?? true, Reaction.isValidEmoji(reaction.emoji.name) else {
                problems.append(
                    .problem(
                        HistoryProblem(
                            location,
                            "the custom emoji reaction :\(reaction.emoji.name): is not one emoji: it is left out")))
                continue
            }
            let users = reaction.users ?? []
            for user in users {
                first.reactions.append(
                    HistoryReaction(emoji: reaction.emoji.name, author: .person(user.displayName), at: sentAt))
            }
            if let count = reaction.count, count > users.count {
                problems.append(
                    .problem(
                        HistoryProblem(
                            location,
                            "\(count - users.count) of \(count) \(reaction.emoji.name) reactions name nobody in the export: they are left out"
                        )))
            }
        }
        var messages = [first]
        for (number, attachment) in (message.attachments ?? []).enumerated() {
            var carrier =
                number == 0
                ? first : HistoryMessage(author: .person(name), text: "", sentAt: sentAt, location: location)
            if attachment.url.contains("://") {
                carrier.fileMention = attachment.url
                carrier.file = attachment.url
            } else {
                carrier.file = attachment.url
                carrier.fileMention = attachment.fileName ?? attachment.url
            }
            if number == 0 { messages[0] = carrier } else { messages.append(carrier) }
        }
        if messages.count == 1 && text.isEmpty && messages[0].file == nil {
            return problems + [
                .problem(
                    HistoryProblem(
                        location,
                        "the message has no text or file Banter reads (stickers and embeds are not kept): it is left out"
                    ))
            ]
        }
        return messages.map { .message($0) } + problems
    }
}
