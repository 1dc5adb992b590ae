/// Everything that can go wrong with Banter's database, phrased for the person using Banter:
/// what happened, where (the path), and what to do about it.
///
/// The cases about opening (`pathIsDirectory` … `newerSchema`) are raised before Banter writes
/// anything, so the file named in them is left exactly as it was.
package enum StoreError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The database path names a folder.
    case pathIsDirectory(path: String)
    /// The folder that should hold a new database could not be created.
    case cannotCreateFolder(folder: String, reason: String)
    /// The database's folder cannot be written, so SQLite cannot create its journal files there.
    case folderNotWritable(folder: String, path: String)
    /// The database file exists but cannot be written.
    case fileNotWritable(path: String)
    /// SQLite could not open the file at all (permissions, a missing drive…).
    case cannotOpen(path: String, reason: String)
    /// The file is not an SQLite database.
    case notADatabase(path: String, sqliteMessage: String)
    /// The file is an SQLite database whose content is damaged.
    case corrupt(path: String, sqliteMessage: String)
    /// The file is a healthy SQLite database that belongs to some other program.
    case foreignDatabase(path: String, tables: [String])
    /// The file was written by a newer Banter, whose schema this one does not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// Another process kept the database locked longer than the busy timeout.
    case busy(path: String, operation: String)
    /// Any other SQLite failure while doing `operation` (disk full, I/O error…).
    case sqlite(path: String, operation: String, message: String)
    /// A conversation with this title already exists; titles are unique.
    case conversationTitleTaken(title: String)
    /// No conversation has this id (it may have been deleted, possibly by another process).
    case conversationNotFound(id: Int64)
    /// No message has this id.
    case messageNotFound(id: Int64)
    /// The message was deleted: it can no longer be edited or reacted to.
    case messageDeleted(id: Int64)
    /// Only the two people of a conversation react; `Sender.system` cannot.
    case systemCannotReact(messageID: Int64)
    /// A file larger than `ChatStore.maximumAttachmentBytes`; nothing was stored.
    case attachmentTooLarge(fileName: String, byteCount: Int, limit: Int)
    /// A bot tried to store a memory value that is not valid JSON text.
    case invalidMemoryValue(bot: String, key: String)
    /// Two participants of one conversation with the same name; nothing was stored.
    case participantNameTaken(name: String)
    /// An imported message whose parent is not an earlier message of the same file.
    case parentNotFound(messageID: Int64?, parentID: Int64)
    /// A fork at a deleted message; nothing changed.
    case forkAtDeletedMessage(id: Int64)
    /// A fork at a system line (Banter's, not a message of the conversation); nothing changed.
    case forkAtSystemLine(id: Int64)
    /// Another branch of the conversation already has this name; nothing changed.
    case branchNameTaken(name: String, number: Int)
    /// A branch name that cannot be one; nothing changed.
    case invalidBranchName(name: String, reason: String)
    /// No branch of the conversation has this number or name; nothing changed.
    case branchNotFound(reference: String, known: [String])

    package var description: String {
        switch self {
        case .pathIsDirectory(let path):
            "Cannot open the Banter database at \(path): it is a folder. "
                + "Give the path of a database file inside it instead, e.g. \(path)/banter.sqlite."
        case .cannotCreateFolder(let folder, let reason):
            "Cannot create the folder \(folder) for the Banter database (\(reason)). "
                + "Create it yourself, or choose another database path with --db or BANTER_DB."
        case .folderNotWritable(let folder, let path):
            "Cannot use the Banter database at \(path): its folder \(folder) is not writable, "
                + "and SQLite needs to create its journal files (-wal, -shm) there. "
                + "Make the folder writable, or choose another database path with --db or BANTER_DB."
        case .fileNotWritable(let path):
            "Cannot use the Banter database at \(path): the file is not writable. "
                + "Check its permissions, or choose another database path with --db or BANTER_DB."
        case .cannotOpen(let path, let reason):
            "Cannot open the Banter database at \"\(path)\" (\(reason)). "
                + "Check that the path exists and is readable, or choose another one with --db or BANTER_DB."
        case .notADatabase(let path, let sqliteMessage):
            "\(path) is not a Banter database (SQLite says: \(sqliteMessage)). "
                + "Banter left it untouched; choose another database path with --db or BANTER_DB."
        case .corrupt(let path, let sqliteMessage):
            "The Banter database at \(path) is damaged (SQLite says: \(sqliteMessage)). "
                + "Banter left it untouched; restore a backup, try `sqlite3 \(path) .recover`, "
                + "or choose another database path with --db or BANTER_DB."
        case .foreignDatabase(let path, let tables):
            "\(path) is not a Banter database: it is an SQLite database of another program "
                + "(tables: \(tables.joined(separator: ", "))). "
                + "Banter left it untouched; choose another database path with --db or BANTER_DB."
        case .newerSchema(let path, let unknownMigrations):
            "The Banter database at \(path) was written by a newer version of Banter "
                + "(unknown schema versions: \(unknownMigrations.joined(separator: ", "))). "
                + "Banter left it untouched; upgrade Banter, or choose another database path with --db or BANTER_DB."
        case .busy(let path, let operation):
            "Could not \(operation): the Banter database at \(path) stayed locked by another process "
                + "for more than \(Int(ChatStore.busyTimeout)) s. Close other Banter sessions using it and try again."
        case .sqlite(let path, let operation, let message):
            "Could not \(operation) in the Banter database at \(path) (SQLite says: \(message)). "
                + "Check free disk space and the file's permissions, then try again."
        case .conversationTitleTaken(let title):
            "A conversation named \"\(title)\" already exists. Choose another title, or open that one."
        case .conversationNotFound(let id):
            "There is no conversation with id \(id); it may have been deleted. List conversations with /chats."
        case .messageNotFound(let id):
            "There is no message with id \(id); it may have been deleted with its conversation."
        case .messageDeleted(let id):
            "Message \(id) was deleted; it can no longer be edited or reacted to."
        case .systemCannotReact(let id):
            "A reaction to message \(id) must come from \"me\" or \"them\"; system notices cannot react. Nothing was stored."
        case .attachmentTooLarge(let fileName, let byteCount, let limit):
            "\(fileName) is \(byteCount) bytes; attachments may be at most \(limit) bytes (\(limit / 1024 / 1024) MiB). "
                + "Nothing was stored; send a smaller file."
        case .invalidMemoryValue(let bot, let key):
            "The bot \"\(bot)\" tried to remember a value for \"\(key)\" that is not valid JSON; nothing was stored."
        case .participantNameTaken(let name):
            "Two participants are named \"\(name)\"; names must be unique in a conversation. Nothing was stored."
        case .forkAtDeletedMessage(let id):
            "Cannot fork at message #\(id): it was deleted. Fork at another message (/fork -N or /fork #ID)."
        case .forkAtSystemLine(let id):
            "Cannot fork at #\(id): it is a system line, not a message. Fork at a message of yours or the bot's."
        case .branchNameTaken(let name, let number):
            "Branch \(number) is already named \"\(name)\". Choose another name, or /switch \(number)."
        case .invalidBranchName(let name, let reason):
            "\"\(name)\" cannot name a branch: \(reason)."
        case .branchNotFound(let reference, let known):
            "There is no branch \"\(reference)\" in this conversation. Branches: \(known.joined(separator: ", ")) (see /tree)."
        case .parentNotFound(let messageID, let parentID):
            "Message \(messageID.map(String.init) ?? "without id")'s parent \(parentID) is not an earlier message of the file: "
                + "a parent must come before its children. Nothing was imported."
        }
    }
}
