import BanterCore
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
        migrator.registerMigration("v3-message-kinds", migrate: addMessageKinds)
        migrator.registerMigration("v4-conversation-participants", migrate: addParticipants)
        registerDeclaredFields(in: &migrator)
        migrator.registerMigration("v6-group-members", migrate: addGroupMembers)
        migrator.registerMigration("v7-branches", migrate: addBranches)
        migrator.registerMigration("v8-memory-history", migrate: addMemoryHistory)
        return migrator
    }()

    /// One migration per distinct `MessageField.migration`, in declaration order, adding the
    /// columns of the fields it names: a field's column is declared with the field. Old rows
    /// read NULL in them, each field's "not set" (a straight branch, no participant name, no
    /// actions), so the meaning of every old row stays as it was.
    private static func registerDeclaredFields(in migrator: inout DatabaseMigrator) {
        var names: [String] = []
        for field in MessageField.all where !names.contains(field.migration) { names.append(field.migration) }
        for name in names {
            let fields = MessageField.all.filter { $0.migration == name }
            migrator.registerMigration(name) { db in
                for field in fields {
                    try db.execute(sql: "ALTER TABLE messages ADD COLUMN \(field.column) \(field.columnType)")
                }
            }
        }
    }

    /// The participants of group conversations (issue 25): who may send its messages
    /// besides the user, the other side and Banter, each by a name unique in the
    /// conversation (what `messages.participant` holds), in the order they joined. A
    /// two-party conversation has no rows here: it keeps `conversations.participant_*`.
    private static func addParticipants(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE participants (
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    initial TEXT NOT NULL,
                    color TEXT,
                    kind TEXT NOT NULL,
                    PRIMARY KEY (conversation_id, name)
                ) WITHOUT ROWID;
                """)
    }

    /// What a group needs to run again when reopened (issue 25): the script each bot runs,
    /// whether someone left (`/kick`: the row stays, so their messages keep their name,
    /// initial and colour), and the conversation's turn policy (NULL: every bot answers).
    /// Old rows are people and bots that never left, with no script to run.
    private static func addGroupMembers(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE participants ADD COLUMN script_path TEXT;
                ALTER TABLE participants ADD COLUMN has_left INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE conversations ADD COLUMN turn_policy TEXT;
                """)
    }

    /// Branches (issue 26, see docs/architecture.md, "Branches"). A message is written on
    /// one branch (`messages.branch_id`; NULL for the conversation's first branch, so every
    /// old row is on it and an old database reads as one straight branch). A branch other
    /// than the first continues from `fork_message_id`, and `branch_segments` lists the
    /// parts of other branches it shares, root first, each as the last message taken from
    /// it: paging a branch is one range scan of `messages_by_branch` per segment, and a
    /// fork copies no message, only its segments. `conversations.current_branch_id` is the
    /// branch the chat shows (NULL: the first). The first branch has a row only once named.
    private static func addBranches(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE messages ADD COLUMN branch_id INTEGER;
                CREATE INDEX messages_by_branch ON messages(conversation_id, branch_id, sent_at, id);
                ALTER TABLE conversations ADD COLUMN current_branch_id INTEGER;

                CREATE TABLE branches (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    name TEXT,
                    fork_message_id INTEGER,
                    UNIQUE (conversation_id, name)
                );
                CREATE INDEX branches_by_fork ON branches(fork_message_id);

                CREATE TABLE branch_segments (
                    branch_id INTEGER NOT NULL REFERENCES branches(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL,
                    lane INTEGER,
                    last_message_id INTEGER NOT NULL,
                    last_sent_at INTEGER NOT NULL,
                    PRIMARY KEY (branch_id, position)
                ) WITHOUT ROWID;
                """)
    }

    /// Bot memory by branch (issue 26, see docs/architecture.md, "Branches"): `bot_memory`
    /// stays what the current branch's bots remember, and `memory_changes` is how each
    /// lane came to it: a snapshot taken when the lane was forked (`message_id` NULL), then
    /// every change written on it, keyed by the branch's newest message at that moment.
    /// Memory older than this migration has no history: it becomes the snapshot every
    /// existing lane starts from, so forking such a conversation keeps it, as before.
    private static func addMemoryHistory(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE memory_changes (
                    id INTEGER PRIMARY KEY,
                    conversation_id INTEGER NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
                    lane INTEGER,
                    message_id INTEGER,
                    sent_at INTEGER,
                    bot TEXT NOT NULL,
                    key TEXT NOT NULL,
                    value TEXT
                );
                CREATE INDEX memory_changes_by_lane ON memory_changes(conversation_id, lane, sent_at, message_id);
                INSERT INTO memory_changes (conversation_id, lane, bot, key, value)
                    SELECT conversation_id, NULL, bot, key, value FROM bot_memory;
                INSERT INTO memory_changes (conversation_id, lane, bot, key, value)
                    SELECT m.conversation_id, b.id, m.bot, m.key, m.value FROM bot_memory m
                    JOIN branches b ON b.conversation_id = m.conversation_id AND b.fork_message_id IS NOT NULL;
                """)
    }

    private static func createInitialSchema(_ db: Database) throws {
        try db.execute(
            sql: """
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
        try db.execute(
            sql: """
                ALTER TABLE conversations ADD COLUMN participant_name TEXT;
                ALTER TABLE conversations ADD COLUMN participant_initial TEXT;
                ALTER TABLE conversations ADD COLUMN participant_color TEXT;
                """)
    }

    /// Attachments, quotes, reactions, edits and deletions (see docs/architecture.md,
    /// "Message kinds"). Existing rows read as plain text messages: every new column is NULL
    /// for them.
    ///
    /// - Attachments: the metadata in `messages` (read with every page, no join), the bytes
    ///   in `attachment_chunks`, `ChatStore.attachmentChunkSize` bytes a row, so a file is
    ///   written and read back (export) a chunk at a time.
    /// - Reactions in their own table, one row per person and emoji, in insertion order.
    /// - `message_changes`, a log of messages changed in place (edits, deletions, reactions,
    ///   delivery statuses), filled by triggers whatever process writes, so another process
    ///   finds what changed since it last looked with one range scan; it keeps the newest
    ///   100 000 entries.
    /// - The full-text index is rebuilt with a second column, the attachment's file name, so
    ///   search finds captions (the text) and file names.
    private static func addMessageKinds(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE messages ADD COLUMN edited_at INTEGER;
                ALTER TABLE messages ADD COLUMN deleted_at INTEGER;
                ALTER TABLE messages ADD COLUMN quoted_message_id INTEGER;
                ALTER TABLE messages ADD COLUMN quoted_sender TEXT;
                ALTER TABLE messages ADD COLUMN quoted_excerpt TEXT;
                ALTER TABLE messages ADD COLUMN attachment_name TEXT;
                ALTER TABLE messages ADD COLUMN attachment_type TEXT;
                ALTER TABLE messages ADD COLUMN attachment_size INTEGER;
                ALTER TABLE messages ADD COLUMN attachment_width INTEGER;
                ALTER TABLE messages ADD COLUMN attachment_height INTEGER;

                CREATE TABLE attachment_chunks (
                    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                    chunk INTEGER NOT NULL,
                    bytes BLOB NOT NULL,
                    PRIMARY KEY (message_id, chunk)
                );

                CREATE TABLE reactions (
                    id INTEGER PRIMARY KEY,
                    message_id INTEGER NOT NULL REFERENCES messages(id) ON DELETE CASCADE,
                    sender TEXT NOT NULL CHECK (sender IN ('me', 'them')),
                    emoji TEXT NOT NULL,
                    reacted_at INTEGER NOT NULL,
                    UNIQUE (message_id, sender, emoji)
                );

                CREATE TABLE message_changes (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    conversation_id INTEGER NOT NULL,
                    message_id INTEGER NOT NULL
                );
                CREATE INDEX message_changes_by_conversation ON message_changes(conversation_id, id);
                CREATE TRIGGER message_changes_after_update
                AFTER UPDATE OF text, status, edited_at, deleted_at ON messages BEGIN
                    INSERT INTO message_changes(conversation_id, message_id) VALUES (new.conversation_id, new.id);
                END;
                CREATE TRIGGER message_changes_after_reaction_insert AFTER INSERT ON reactions BEGIN
                    INSERT INTO message_changes(conversation_id, message_id)
                    SELECT conversation_id, id FROM messages WHERE id = new.message_id;
                END;
                CREATE TRIGGER message_changes_after_reaction_delete AFTER DELETE ON reactions BEGIN
                    INSERT INTO message_changes(conversation_id, message_id)
                    SELECT conversation_id, id FROM messages WHERE id = old.message_id;
                END;
                CREATE TRIGGER message_changes_after_conversation_delete AFTER DELETE ON conversations BEGIN
                    DELETE FROM message_changes WHERE conversation_id = old.id;
                END;
                -- The log only serves sessions polling now: it keeps the newest 100 000 changes
                -- (a session that falls further behind reloads nothing it missed, see docs).
                CREATE TRIGGER message_changes_bounded AFTER INSERT ON message_changes BEGIN
                    DELETE FROM message_changes WHERE id <= new.id - 100000;
                END;

                DROP TRIGGER messages_fts_after_insert;
                DROP TRIGGER messages_fts_after_delete;
                DROP TRIGGER messages_fts_after_update;
                DROP TABLE messages_fts;
                CREATE VIRTUAL TABLE messages_fts USING fts5(
                    text,
                    attachment_name,
                    content = 'messages',
                    content_rowid = 'id',
                    tokenize = 'unicode61 remove_diacritics 2'
                );
                CREATE TRIGGER messages_fts_after_insert AFTER INSERT ON messages BEGIN
                    INSERT INTO messages_fts(rowid, text, attachment_name) VALUES (new.id, new.text, new.attachment_name);
                END;
                CREATE TRIGGER messages_fts_after_delete AFTER DELETE ON messages BEGIN
                    INSERT INTO messages_fts(messages_fts, rowid, text, attachment_name)
                    VALUES ('delete', old.id, old.text, old.attachment_name);
                END;
                CREATE TRIGGER messages_fts_after_update AFTER UPDATE OF text, attachment_name ON messages BEGIN
                    INSERT INTO messages_fts(messages_fts, rowid, text, attachment_name)
                    VALUES ('delete', old.id, old.text, old.attachment_name);
                    INSERT INTO messages_fts(rowid, text, attachment_name) VALUES (new.id, new.text, new.attachment_name);
                END;
                INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
                """)
    }
}
