import BanterCore
import BanterTestSupport
import GRDB

@testable import BanterStore

/// A fixed instant, so tests never depend on the wall clock.
let referenceTime = Timestamp(millisecondsSince1970: 1_763_650_800_000)

/// `referenceTime` shifted by `seconds`.
func at(_ seconds: Int64) -> Timestamp {
    Timestamp(millisecondsSince1970: referenceTime.millisecondsSince1970 + seconds * 1000)
}

extension ChatStore {
    /// A new in-memory store with one conversation titled "chat".
    static func inMemoryWithConversation() throws -> (ChatStore, Conversation) {
        let store = try ChatStore(path: ":memory:")
        let conversation = try store.createConversation(title: "chat", createdAt: referenceTime)
        return (store, conversation)
    }
}

/// A database file in `folder` left at `migration`, as an older Banter wrote it: conversation
/// 1 "old" with two messages, `texts.0` from them (read, at 1 s) and `texts.1` from me (at
/// 2 s). Returns its path.
func oldDatabase(upTo migration: String, in folder: TemporaryFolder, texts: (String, String)) throws -> String {
    let path = folder.file("old.sqlite")
    let queue = try DatabaseQueue(path: path)
    try Migrations.migrator.migrate(queue, upTo: migration)
    try queue.write { db in
        try db.execute(
            sql: """
                INSERT INTO conversations (id, title, section_gap_ms, cluster_gap_ms, header_pattern, created_at)
                VALUES (1, 'old', 3600000, 20000, '{day} {time}', 0);
                INSERT INTO messages (conversation_id, sender, text, sent_at, status)
                VALUES (1, 'them', ?, 1000, 'read'), (1, 'me', ?, 2000, 'sent');
                """, arguments: [texts.0, texts.1])
    }
    try queue.close()
    return path
}
