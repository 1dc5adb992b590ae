/// The declared message fields and their typed accessors on `Message`. To add a field to
/// messages, add an entry here (and to `all`), a typed accessor below, and a row to
/// docs/message-fields.md; the store, exports, imports, bots and scenarios follow.
extension MessageField {
    /// Which of the conversation's participants sent the message, by name: nil for the
    /// role's only participant of a two-party conversation (`Sender.participant`).
    package static let participant = MessageField(
        "participant", column: "participant", json: "participant", lua: .key("participant"), scenario: "participant",
        migration: "v5-message-participant-parent-actions", kind: .text,
        doc: "The participant who sent it, by name, in a group (nil in a two-party conversation).")

    /// The message before this one in its branch; nil for the straight line.
    package static let parent = MessageField(
        "parentID", column: "parent_id", json: "parent", lua: .key("parent"),
        migration: "v5-message-participant-parent-actions", kind: .messageID,
        doc: "The id of the message before it in its branch (nil: the conversation's straight line).")

    /// Buttons, quick replies and a card (`MessageActions`).
    package static let actions = MessageField(
        "actions", column: "actions", json: "actions", lua: .spread,
        migration: "v5-message-participant-parent-actions", kind: .structure(MessageActions.codec), isContent: true,
        doc: "Buttons, quick replies and a card the message offers.")

    /// Every declared field, in declaration order (the order their columns were added).
    package static let all: [MessageField] = [participant, parent, actions]

    /// `all` in the order of their JSON keys (how export lines sort their keys).
    package static let allByJSONKey = all.sorted { $0.jsonKey < $1.jsonKey }
}

extension Message {
    /// The message before this one in its branch; nil for the straight line (every message
    /// stored before branches existed).
    package var parentID: Int64? {
        get { fields[.parent].integer }
        set { fields[.parent] = newValue.map(FieldValue.integer) ?? .null }
    }

    /// The buttons, quick replies and card the message offers; nil when it has none.
    package var actions: MessageActions? {
        get { fields[.actions].json.flatMap(MessageActions.init(json:)) }
        set { fields[.actions] = newValue.map { .json($0.json) } ?? .null }
    }
}
