import BanterCore

/// One message of an exported chat history as its parser read it, before the importer
/// decides whose side each sender is on: the sender by the name the export gives.
struct HistoryMessage: Hashable, Sendable {
    /// Who wrote it.
    enum Author: Hashable, Sendable {
        /// A line the app itself wrote (encryption notice, someone joined, a new subject).
        case system
        /// A person, by the name the export shows.
        case person(String)
    }

    var author: Author
    /// The text as the export gives it (a file's caption when `file` is set).
    var text: String
    var sentAt: Timestamp
    /// The file the export says is attached, by its name in the export.
    var file: String?
    /// The words that named the file ("IMG-0001.jpg (file attached)"): the message's text
    /// when the export does not hold the file.
    var fileMention: String?
    /// The export only says a file was left out ("<Media omitted>"); `text` says so.
    var mediaOmitted = false
    var isDeleted = false
    var isEdited = false
    /// When it was edited, when the export says (else its own time).
    var editedAt: Timestamp?
    /// Its id in the export, and the id of the message it replies to.
    var exportedID: Int64?
    var replyTo: Int64?
    /// Reactions: emoji, who reacted and when.
    var reactions: [HistoryReaction] = []
    /// Where the message starts in the export, for reports.
    var location: HistoryLocation

    init(author: Author, text: String, sentAt: Timestamp, location: HistoryLocation) {
        self.author = author
        self.text = text
        self.sentAt = sentAt
        self.location = location
    }
}

/// One reaction on an imported message.
struct HistoryReaction: Hashable, Sendable {
    var emoji: String
    var author: HistoryMessage.Author
    var at: Timestamp

    init(emoji: String, author: HistoryMessage.Author, at: Timestamp) {
        self.emoji = emoji
        self.author = author
        self.at = at
    }
}

/// A place in an export: a file and a line in it (counted from 1), or, in a JSON export, the
/// JSON path of the record (`$.messages[41]`).
package struct HistoryLocation: Hashable, Sendable, CustomStringConvertible {
    package var file: String
    package var line: Int?
    package var path: String?

    package init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    package init(file: String, path: String) {
        self.file = file
        self.path = path
    }

    package var description: String {
        if let line { return "\(file):\(line)" }
        return "\(file) at \(path ?? "$")"
    }
}

/// Something in an export that was not understood, or not kept whole, and why: every one is
/// reported and counted, so nothing is lost silently.
package struct HistoryProblem: Hashable, Sendable, CustomStringConvertible {
    package var location: HistoryLocation
    package var reason: String

    package init(_ location: HistoryLocation, _ reason: String) {
        self.location = location
        self.reason = reason
    }

    package var description: String { "\(location): \(reason)" }
}

/// What a parser hands out, in file order.
enum HistoryRecord: Hashable, Sendable {
    case message(HistoryMessage)
    case problem(HistoryProblem)
}
