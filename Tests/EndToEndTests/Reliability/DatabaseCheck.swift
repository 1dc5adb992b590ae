import Foundation
import GRDB

/// Looks into a Banter database from outside, the way a skeptical reviewer would with the
/// sqlite3 shell: integrity, and how often each text was stored.
struct DatabaseCheck {
    let path: String

    /// The result of `PRAGMA integrity_check` ("ok" for a sound database).
    func integrity() throws -> String {
        guard FileManager.default.fileExists(atPath: path) else { return "ok" }
        return try DatabaseQueue(path: path).read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n")
        }
    }

    /// How many rows of `messages` hold each text, by sender ("me", "them", "system");
    /// nothing when the file or the table does not exist yet (killed before it was created).
    func messageCounts() throws -> [Key: Int] {
        guard FileManager.default.fileExists(atPath: path) else { return [:] }
        return try DatabaseQueue(path: path).read { db in
            var counts: [Key: Int] = [:]
            guard try db.tableExists("messages") else { return counts }
            for row in try Row.fetchAll(db, sql: "SELECT sender, text FROM messages") {
                counts[Key(sender: row["sender"], text: row["text"]), default: 0] += 1
            }
            return counts
        }
    }

    /// The texts of one conversation's messages in time order.
    func texts(conversation title: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT m.text FROM messages m JOIN conversations c ON c.id = m.conversation_id
                    WHERE c.title = ? ORDER BY m.sent_at, m.id
                    """, arguments: [title])
        }
    }

    struct Key: Hashable, CustomStringConvertible {
        var sender: String
        var text: String
        var description: String { "\(sender): \(text)" }
    }
}
