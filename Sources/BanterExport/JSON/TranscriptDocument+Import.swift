import BanterCore
import Foundation

extension TranscriptDocument {
    /// Reads a whole transcript file of either version: `TranscriptReader.read(_:)`, under
    /// the name the fuzzing harness and earlier callers use.
    static func decode(from data: Data) throws(ImportError) -> ImportedTranscript {
        try TranscriptReader.read(data)
    }

    /// The two fields read first, to tell what kind of file this is.
    struct Header: Decodable {
        var format: String
        var version: Int

        /// Throws unless this is a Banter transcript of `version`.
        func check(version expected: Int) throws(ImportError) {
            guard format == formatName else { throw .wrongFormat(found: "\"\(format)\"") }
            guard version == expected else { throw .unsupportedVersion(version) }
        }
    }

    static func decodeJSON<Value: Decodable>(
        _ type: Value.Type, from data: Data, decoder: JSONDecoder = JSONDecoder()
    ) throws(ImportError) -> Value {
        do {
            return try decoder.decode(type, from: data)
        } catch let error as DecodingError {
            throw importError(for: error)
        } catch {
            throw .notJSON(detail: String(describing: error))
        }
    }

    private static func importError(for error: DecodingError) -> ImportError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingField(path: jsonPath(context.codingPath + [key]))
        case .typeMismatch(let type, let context):
            return .wrongType(path: jsonPath(context.codingPath), expected: describe(type))
        case .valueNotFound(let type, let context):
            return .wrongType(path: jsonPath(context.codingPath), expected: "\(describe(type)), not null")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let underlying = context.underlyingError.map { " \(String(describing: $0))" } ?? ""
                return .notJSON(detail: context.debugDescription + underlying)
            }
            return .invalidValue(path: jsonPath(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .notJSON(detail: String(describing: error))
        }
    }

    /// "$.messages[3].sent_at" for a coding path.
    static func jsonPath(_ path: [any CodingKey]) -> String {
        var result = "$"
        for key in path {
            if let index = key.intValue {
                result += "[\(index)]"
            } else {
                result += ".\(key.stringValue)"
            }
        }
        return result
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int.Type, is Int64.Type: return "an integer"
        case is Bool.Type: return "true or false"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Array") || (name.hasPrefix("[") && !name.contains(":")) { return "an array" }
            return "an object"
        }
    }
}

extension TranscriptDocument.RulesInfo {
    func groupingRules() throws(ImportError) -> GroupingRules {
        let path = "$.conversation.rules"
        let section = try Self.duration(sectionGap, milliseconds: sectionGapMilliseconds, path: "\(path).section_gap")
        let cluster = try Self.duration(clusterGap, milliseconds: clusterGapMilliseconds, path: "\(path).cluster_gap")
        do {
            try HeaderFormatter.validate(pattern: headerPattern)
        } catch {
            throw .invalidHeaderPattern(path: "\(path).header_pattern", reason: error.description)
        }
        return GroupingRules(sectionGap: section, clusterGap: cluster, headerPattern: headerPattern)
    }

    private static func duration(_ text: String, milliseconds: Int64?, path: String) throws(ImportError) -> Duration {
        let duration: Duration
        do {
            duration = try DurationParser.parse(text)
        } catch {
            throw .invalidDuration(path: path, value: text)
        }
        if let milliseconds, milliseconds != duration.wholeMilliseconds {
            throw .invalidValue(
                path: "\(path)_ms",
                reason:
                    "\(milliseconds) disagrees with \(path) \"\(text)\" (\(duration.wholeMilliseconds) ms): fix one or remove \(path)_ms"
            )
        }
        return duration
    }
}

extension TranscriptDocument.ParticipantInfo {
    func validated(path: String = "$.participant") throws(ImportError) -> Participant {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw .invalidValue(path: "\(path).name", reason: "the name must not be empty")
        }
        if let initial, initial.count != 1 {
            throw .invalidValue(
                path: "\(path).initial", reason: "the initial must be one character, not \"\(initial)\"")
        }
        if let color, !HexColor.isValid(color) {
            throw .invalidValue(path: "\(path).color", reason: "\"\(color)\" is not a colour: write \"#RRGGBB\"")
        }
        var participantKind = ParticipantKind.bot
        if let kind {
            guard let known = ParticipantKind(rawValue: kind) else {
                let kinds = ParticipantKind.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw .invalidValue(path: "\(path).kind", reason: "\"\(kind)\" is not a kind: write one of \(kinds)")
            }
            participantKind = known
        }
        return Participant(name: name, initial: initial, color: color, kind: participantKind)
    }
}

extension [TranscriptDocument.ParticipantInfo] {
    /// A group's participants, each valid and each name used once.
    func validated() throws(ImportError) -> [Participant] {
        var participants: [Participant] = []
        for (index, info) in enumerated() {
            let participant = try info.validated(path: "$.participants[\(index)]")
            if participants.contains(where: { $0.name == participant.name }) {
                throw .invalidValue(
                    path: "$.participants[\(index)].name", reason: "two participants are named \"\(participant.name)\"")
            }
            participants.append(participant)
        }
        return participants
    }
}

extension TranscriptDocument.MessageEntry {
    func validated(path: String) throws(ImportError) -> ImportedMessage {
        guard let role = Sender.Role(rawValue: sender) else {
            throw .invalidSender(path: "\(path).sender", value: self.sender)
        }
        let sender = Sender(role, participant: fields[.participant].text)
        var status = DeliveryStatus.sent
        if let text = self.status {
            guard let value = DeliveryStatus(rawValue: text) else {
                throw .invalidStatus(path: "\(path).status", value: text)
            }
            status = value
        }
        let sentAt = try Self.time(self.sentAt, milliseconds: sentAtMilliseconds, path: "\(path).sent_at")
        let bytes = text.utf8.count
        guard bytes <= TranscriptDocument.maximumTextBytes else {
            throw .textTooLong(path: "\(path).text", bytes: bytes, limit: TranscriptDocument.maximumTextBytes)
        }
        var message = ImportedMessage(sender: sender, text: text, sentAt: sentAt, status: status, exportedID: id)
        message.fields = fields
        message.editedAt = try editedAt.map { text throws(ImportError) in
            try Self.time(text, milliseconds: editedAtMilliseconds, path: "\(path).edited_at")
        }
        message.deletedAt = try deletedAt.map { text throws(ImportError) in
            try Self.time(text, milliseconds: deletedAtMilliseconds, path: "\(path).deleted_at")
        }
        message.attachment = try attachment?.validated(path: "\(path).attachment")
        message.quote = try quote?.validated(path: "\(path).quote")
        for (index, reaction) in (reactions ?? []).enumerated() {
            let validated = try reaction.validated(path: "\(path).reactions[\(index)]")
            if message.reactions.contains(where: { $0.emoji == validated.emoji && $0.sender == validated.sender }) {
                throw .invalidValue(
                    path: "\(path).reactions[\(index)]", reason: "the same person reacted with the same emoji twice")
            }
            message.reactions.append(validated)
        }
        if message.deletedAt != nil {
            guard text.isEmpty, attachment == nil, quote == nil, message.reactions.isEmpty, editedAt == nil,
                MessageField.all.allSatisfy({ !$0.isContent || fields[$0].isNull })
            else {
                throw .invalidValue(
                    path: "\(path).deleted_at",
                    reason: "a deleted message has no text, attachment, quote, reactions, "
                        + (["edit time"] + MessageField.all.filter(\.isContent).map(\.jsonKey)).joined(
                            separator: " or "))
            }
        }
        if sender == .system, attachment != nil || quote != nil || !message.reactions.isEmpty {
            throw .invalidValue(path: "\(path).sender", reason: "a system line has no attachment, quote or reactions")
        }
        return message
    }

    /// An ISO 8601 time and, when given, the same instant in milliseconds, which must agree.
    static func time(_ text: String, milliseconds: Int64?, path: String) throws(ImportError) -> Timestamp {
        guard let time = ISOTimestamp.parse(text) else {
            throw .invalidTime(
                path: path, value: "\"\(text)\"",
                reason: "write ISO 8601 like 2026-11-20T14:05:00.000Z (or with an offset like +01:00)"
            )
        }
        if let milliseconds, milliseconds != time.millisecondsSince1970 {
            throw .invalidTime(
                path: "\(path)_ms", value: String(milliseconds),
                reason:
                    "it disagrees with \(path.split(separator: ".").last ?? "") \"\(text)\" (\(time.millisecondsSince1970)): fix one or remove \(path.split(separator: ".").last ?? "")_ms"
            )
        }
        return time
    }
}

extension TranscriptDocument.AttachmentEntry {
    /// The longest file name and media type accepted, in UTF-8 bytes.
    static let maximumNameBytes = 1024

    func validated(path: String) throws(ImportError) -> Attachment {
        guard !name.isEmpty, name.utf8.count <= Self.maximumNameBytes else {
            throw .invalidValue(
                path: "\(path).name", reason: "a file name of 1 to \(Self.maximumNameBytes) bytes is needed")
        }
        guard !type.isEmpty, type.utf8.count <= Self.maximumNameBytes else {
            throw .invalidValue(path: "\(path).type", reason: "a media type such as \"image/png\" is needed")
        }
        guard (0...Attachment.maximumByteCount).contains(size) else {
            throw .invalidValue(
                path: "\(path).size",
                reason: "\(size) is not a size Banter stores (0 to \(Attachment.maximumByteCount) bytes)")
        }
        var pixelSize: PixelSize?
        switch (width, height) {
        case (nil, nil):
            break
        case (let width?, let height?)
        where (1...ImageHeader.maximumSide).contains(width) && (1...ImageHeader.maximumSide).contains(height):
            pixelSize = PixelSize(width: width, height: height)
        default:
            throw .invalidValue(
                path: "\(path).width",
                reason: "an image has both width and height, from 1 to \(ImageHeader.maximumSide) pixels")
        }
        return Attachment(fileName: name, mediaType: type, byteCount: size, pixelSize: pixelSize)
    }
}

extension TranscriptDocument.QuoteEntry {
    func validated(path: String) throws(ImportError) -> Quote {
        guard let role = Sender.Role(rawValue: sender) else {
            throw .invalidSender(path: "\(path).sender", value: self.sender)
        }
        guard text.utf8.count <= TranscriptDocument.maximumTextBytes else {
            throw .textTooLong(path: "\(path).text", bytes: text.utf8.count, limit: TranscriptDocument.maximumTextBytes)
        }
        return Quote(messageID: id, sender: Sender(role), excerpt: text)
    }
}

extension TranscriptDocument.ReactionEntry {
    func validated(path: String) throws(ImportError) -> Reaction {
        guard let role = Sender.Role(rawValue: sender), role != .system else {
            throw .invalidValue(path: "\(path).sender", reason: "\"\(sender)\" cannot react: use \"me\" or \"them\"")
        }
        guard Reaction.isValidEmoji(emoji) else {
            throw .invalidValue(path: "\(path).emoji", reason: "a reaction is one emoji")
        }
        let time = try TranscriptDocument.MessageEntry.time(at, milliseconds: atMilliseconds, path: "\(path).at")
        return Reaction(emoji: emoji, sender: Sender(role), reactedAt: time)
    }
}
