import BanterCore
import BanterStore
import Foundation

/// What a user chose for one import of a chat history.
package struct HistoryImportOptions: Sendable {
    /// The user's own name in the chat: their messages are drawn as sent.
    package var me: String?
    /// The new conversation's title; the export's file name without its extension if nil.
    package var title: String?
    /// The date order, when the file's dates cannot tell it.
    package var dateOrder: DateOrder?
    /// The zone the export's times were written in (it writes none).
    package var zone: TimeZone
    /// Fail on the first thing not understood instead of reporting it and going on.
    package var strict = false
    /// The channel of a workspace export (Slack) to import.
    package var channel: String?

    package init(
        me: String? = nil, title: String? = nil, dateOrder: DateOrder? = nil, zone: TimeZone, strict: Bool = false,
        channel: String? = nil
    ) {
        self.channel = channel
        self.me = me
        self.title = title
        self.dateOrder = dateOrder
        self.zone = zone
        self.strict = strict
    }
}

/// One reader per export format behind one importer: the reader surveys the export (who
/// wrote, and what it needs decided before the first message) and then hands out its
/// messages and problems in file order; the importer does the rest for every format alike.
protocol HistoryReader {
    /// The format's name in the summary ("WhatsApp").
    var formatName: String { get }
    /// Reads the export once before the import: its senders, in order of their first message.
    mutating func survey(_ export: ChatExport) throws -> [String]
    /// What the summary says about how the export was read ("dates read day/month/year").
    var readingNotes: [String] { get }
    /// Reads the export again, handing out its records in file order.
    mutating func read(_ export: ChatExport, _ body: (HistoryRecord) throws -> Void) throws
    /// Who the user is when the export itself tells (a personal chat names the other
    /// person) and `--me` was not given.
    var inferredMe: String? { get }
}

extension HistoryReader {
    var inferredMe: String? { nil }
}

/// Imports an exported chat history as a new conversation, in one transaction: senders
/// become you (`--me`) and the other side, files from the export are stored with their
/// messages, and every line not understood is reported (or, `strict`, stops the import with
/// nothing stored).
package enum HistoryImporter {
    /// Imports the WhatsApp chat `export` into `store`. `report` is told each problem as it
    /// is found (before the import commits).
    static func importWhatsApp(
        _ export: ChatExport, into store: ChatStore, options: HistoryImportOptions,
        report: (HistoryProblem) -> Void
    ) throws -> HistoryImportSummary {
        try importHistory(.whatsapp, export, into: store, options: options, report: report)
    }

    /// Imports `export`, of `format`, into `store`: see `importWhatsApp`.
    package static func importHistory(
        _ format: HistoryFormat, _ export: ChatExport, into store: ChatStore, options: HistoryImportOptions,
        report: (HistoryProblem) -> Void
    ) throws -> HistoryImportSummary {
        switch format {
        case .whatsapp:
            var reader = WhatsAppReader(order: options.dateOrder, zone: options.zone)
            return try run(&reader, export, into: store, options: options, report: report)
        case .telegram:
            var reader = TelegramReader(zone: options.zone)
            return try run(&reader, export, into: store, options: options, report: report)
        case .discord:
            var reader = DiscordReader()
            return try run(&reader, export, into: store, options: options, report: report)
        case .slack:
            var reader = SlackReader(channel: options.channel)
            return try run(&reader, export, into: store, options: options, report: report)
        }
    }

    static func run<Reader: HistoryReader>(
        _ reader: inout Reader, _ export: ChatExport, into store: ChatStore, options: HistoryImportOptions,
        report: (HistoryProblem) -> Void
    ) throws -> HistoryImportSummary {
        let authors = try reader.survey(export)
        let title = options.title ?? Self.title(of: export.path)
        let senders = try SenderMap(authors: authors, me: options.me ?? reader.inferredMe, title: title)
        var summary = HistoryImportSummary(
            title: title, format: reader.formatName, notes: reader.readingNotes, folded: senders.folded)
        try store.importConversation { importer in
            try importer.createConversation(
                title: title, botScriptPath: nil, rules: GroupingRules(), participant: senders.otherSide,
                createdAt: SystemClock().now)
            if !senders.participants.isEmpty { try importer.setParticipants(senders.participants) }
            func note(_ problem: HistoryProblem) throws {
                if options.strict { throw HistoryError.strict(problem) }
                summary.problems += 1
                report(problem)
            }
            try reader.read(export) { record in
                switch record {
                case .problem(let problem):
                    try note(problem)
                case .message(let message):
                    if let problem = try storeMessage(
                        message, senders: senders, export: export, importer: importer, summary: &summary)
                    {
                        try note(problem)
                    }
                }
            }
            guard importer.messageCount > 0 else { throw HistoryError.noMessages(file: export.textName) }
            summary.messages = importer.messageCount
        }
        return summary
    }

    /// Stores one message, with its file's bytes when the export holds the file; returns
    /// what it could not keep whole.
    private static func storeMessage(
        _ message: HistoryMessage, senders: SenderMap, export: ChatExport, importer: ConversationImporter,
        summary: inout HistoryImportSummary
    ) throws -> HistoryProblem? {
        let sender = senders.sender(for: message.author)
        var new = NewMessage(
            conversationID: 0, sender: sender, text: message.text, sentAt: message.sentAt,
            status: sender.role == .me ? .read : .sent)
        if message.author == .system { summary.systemLines += 1 }
        if message.mediaOmitted { summary.mediaOmitted += 1 }
        if message.isEdited {
            new.editedAt = message.editedAt ?? message.sentAt
            summary.edited += 1
        }
        if let replyTo = message.replyTo {
            new.quote = try importer.quote(ofExported: replyTo)
            if new.quote == nil { summary.repliesToAbsent += 1 }
        }
        var reactions: [Reaction] = []
        for reaction in message.reactions {
            let sender = Sender(senders.sender(for: reaction.author).role)
            guard !reactions.contains(where: { $0.emoji == reaction.emoji && $0.sender == sender }) else { continue }
            reactions.append(Reaction(emoji: reaction.emoji, sender: sender, reactedAt: reaction.at))
        }
        if message.isDeleted {
            new.deletedAt = message.sentAt
            summary.deleted += 1
        }
        func append() throws { try importer.append(new, reactions: reactions, exportedID: message.exportedID) }
        guard let file = message.file else {
            try append()
            return nil
        }
        let mention = [message.fileMention ?? file, message.text].filter { !$0.isEmpty }.joined(separator: "\n")
        guard let size = export.mediaSize(named: file) else {
            summary.missingFiles += 1
            new.text = mention
            try append()
            return nil
        }
        guard size <= Attachment.maximumByteCount else {
            new.text = mention
            try append()
            return HistoryProblem(
                message.location,
                "\(file) is \(ByteSize.format(size)), more than Banter stores (\(ByteSize.format(Attachment.maximumByteCount))): the message keeps its name as text"
            )
        }
        new.attachment = Attachment.describing(
            fileName: (file as NSString).lastPathComponent, header: try export.mediaHeader(named: file), byteCount: size
        )
        try append()
        var stored = 0
        try export.readMedia(named: file) { data in
            stored += data.count
            // A zip entry that inflates past the size its directory gave stops here.
            guard stored <= size else {
                throw HistoryError.unreadable(path: file, reason: "it holds more bytes than the \(size) it declares")
            }
            try importer.appendAttachmentData(data)
        }
        guard stored == size else {
            throw HistoryError.unreadable(
                path: file, reason: "it changed while it was read (\(stored) of \(size) bytes)")
        }
        summary.attachments += 1
        return nil
    }

    /// The title a conversation gets from its export's name: the file (or zip, or folder)
    /// without its extension ("WhatsApp Chat with Alice").
    static func title(of path: String) -> String {
        let name = (path as NSString).lastPathComponent
        let stem = (name as NSString).deletingPathExtension
        return stem.isEmpty ? name : stem
    }
}
