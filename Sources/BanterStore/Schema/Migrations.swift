import GRDB

/// The database schema, as a list of versioned GRDB migrations.
///
/// Migrations are append-only: a released migration is never edited, a change is a new one.
/// A database that has applied a migration this list does not know was written by a newer
/// Banter and is refused (see `DatabaseInspection`).
enum Migrations {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-conversations-messages-memory-settings", migrate: createInitialSchema)
        migrator.registerMigration("v2-conversation-participant", migrate: addParticipant)
        return migrator
    }()

    private static func createInitialSchema(_ db: Database) throws {
        try db.execute(sql: """
            CREATE TABLE conversations (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL UNIQUE,
                bot_script_path TEXT,
                section_gap_ms INTEGER NOT NULL,
                cluster_gap_ms INTEGER NOT NULL,
                header_pattern TEXT NOT NULL,
                created_at INTEGER NOT NULL,
                -- The newest message the user has seen; received messages after it are unread.
                last_read_message_id INTEGER
            );

            -- AUTOINCREMENT: ids are never reused, even after a conversation is deleted, so an id
            -- seen by another process always means the same message.
            CREATE TABLE messages (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                sender TEXT NOT NULL CHECK (sender IN ('me', 'them', 'system')),
                text TEXT NOT NULL,
                sent_at INTEGER NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'delivered', 'read'))
            );

            -- The keyset paging order: every page is one range scan of this index.
            CREATE INDEX messages_by_conversation_time ON messages(conversation_id, sent_at, id);

            CREATE VIRTUAL TABLE messages_fts USING fts5(
                text,
                content = 'messages',
                content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2'
            );

            CREATE TRIGGER messages_fts_after_insert AFTER INSERT ON messages BEGIN
                INSERT INTO messages_fts(rowid, text) VALUES (new.id, new.text);
            END;
            CREATE TRIGGER messages_fts_after_delete AFTER DELETE ON messages BEGIN
                INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
            END;
            CREATE TRIGGER messages_fts_after_update AFTER UPDATE OF text ON messages BEGIN
                INSERT INTO messages_fts(messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
                INSERT INTO messages_fts(rowid, text) VALUES (new.id, new.text);
            END;

            CREATE TABLE bot_memory (
                conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                bot TEXT NOT NULL,
                key TEXT NOT NULL,
                value TEXT NOT NULL CHECK (json_valid(value)),
                PRIMARY KEY (conversation_id, bot, key)
            ) WITHOUT ROWID;

            CREATE TABLE settings (
                key TEXT NOT NULL PRIMARY KEY,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            """)
    }

    /// The other side's name, initial and colour, remembered from the last bot that ran.
    private static func addParticipant(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE conversations ADD COLUMN participant_name TEXT;
            ALTER TABLE conversations ADD COLUMN participant_initial TEXT;
            ALTER TABLE conversations ADD COLUMN participant_color TEXT;
            """)
    }
}
