import BanterCore
import GRDB

extension ChatStore {
    /// The participants of a group conversation, in the order they joined; empty for a
    /// two-party conversation (its other side is `Conversation.participant`).
    package func participants(conversationID: Int64) throws(StoreError) -> [Participant] {
        try read("read the participants") { db in try Self.participants(db, conversationID: conversationID) }
    }

    /// Replaces a conversation's participants (names must be unique in it; messages refer
    /// to them by name, and keep their names when someone leaves).
    package func setParticipants(_ participants: [Participant], conversationID: Int64) throws(StoreError) {
        try write("save the participants") { db in
            guard try Self.conversationExists(db, id: conversationID) else {
                throw StoreError.conversationNotFound(id: conversationID)
            }
            try Self.replaceParticipants(db, participants, conversationID: conversationID)
        }
    }

    /// The group's turn policy (`.all` until one is set).
    package func turnPolicy(conversationID: Int64) throws(StoreError) -> TurnPolicy {
        try read("read the turn policy") { db in
            let text = try String.fetchOne(
                db.cachedStatement(sql: "SELECT turn_policy FROM conversations WHERE id = ?"),
                arguments: [conversationID])
            return text.flatMap(TurnPolicy.init(rawValue:)) ?? .all
        }
    }

    /// Stores the group's turn policy.
    package func setTurnPolicy(_ policy: TurnPolicy, conversationID: Int64) throws(StoreError) {
        try write("save the turn policy") { db in
            guard try Self.conversationExists(db, id: conversationID) else {
                throw StoreError.conversationNotFound(id: conversationID)
            }
            try db.execute(
                sql: "UPDATE conversations SET turn_policy = ? WHERE id = ?",
                arguments: [policy == .all ? nil : policy.rawValue, conversationID])
        }
    }

    /// Read from a cursor, not `Row.fetchAll`: that maps its cursor through GRDB's generic
    /// `MapCursor`, whose first use in a cold process scans every protocol conformance in
    /// the executable (0.5 M instructions, a twentieth of a short `render`'s).
    static func participants(_ db: Database, conversationID: Int64) throws -> [Participant] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: """
                    SELECT name, initial, color, kind, script_path, has_left FROM participants
                    WHERE conversation_id = ? ORDER BY position
                    """),
            arguments: [conversationID])
        var participants: [Participant] = []
        while let row = try rows.next() {
            let kindName: String = row["kind"]
            guard let kind = ParticipantKind(rawValue: kindName) else {
                throw UnreadableRowError(
                    table: "participants", id: conversationID, detail: "unknown kind \"\(kindName)\"")
            }
            participants.append(
                Participant(
                    name: row["name"], initial: row["initial"], color: row["color"], kind: kind,
                    scriptPath: row["script_path"], hasLeft: row["has_left"]))
        }
        return participants
    }

    static func replaceParticipants(_ db: Database, _ participants: [Participant], conversationID: Int64) throws {
        var seen: Set<String> = []
        for participant in participants where !seen.insert(participant.name).inserted {
            throw StoreError.participantNameTaken(name: participant.name)
        }
        try db.execute(sql: "DELETE FROM participants WHERE conversation_id = ?", arguments: [conversationID])
        for (position, participant) in participants.enumerated() {
            try db.execute(
                sql:
                    """
                    INSERT INTO participants (conversation_id, position, name, initial, color, kind, script_path, has_left)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    conversationID, position, storable(participant.name), storable(participant.initial),
                    participant.color, participant.kind.rawValue, participant.scriptPath, participant.hasLeft,
                ])
        }
    }
}
