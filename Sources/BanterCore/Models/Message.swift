/// One chat message. A value: the store hands out copies, the session publishes them.
///
/// Besides its text a message may carry an attachment's metadata (never its bytes: those
/// are read from the store on demand, by the message's id), a quote of an earlier message,
/// reactions, and the times it was edited and deleted. A deleted message keeps its place,
/// time and sender, so grouping never changes, but its text and attachment are gone.
public struct Message: Hashable, Sendable, Identifiable {
    // Stored fields are ordered for a compact layout (the two one-byte enums last): layout
    // and paging walk arrays of a million messages, and their speed follows the stride.

    /// The store's row id; unique across conversations and increasing with insertion.
    public var id: Int64
    public var conversationID: Int64
    /// The text, or an attachment's caption (empty when it has none). Empty once deleted.
    public var text: String
    public var sentAt: Timestamp
    /// The fields most messages leave empty, boxed; nil when they are all empty.
    var extras: Extras.Box?
    /// The sender's role; its participant's name is a declared field, in `extras`.
    public internal(set) var role: Sender.Role
    public var status: DeliveryStatus
    /// The participant `extras` names as a number (`ParticipantKeys`; 0 for none): kept
    /// beside the role, in what was the struct's padding, so that grouping, which compares
    /// every message's sender with the one before, never loads the boxed extras (a
    /// reference count each) nor compares names.
    @usableFromInline package internal(set) var participantKey: UInt32

    /// Whether `extras` names a participant (a group's message).
    @inlinable
    package var namesParticipant: Bool { participantKey != ParticipantKeys.none }

    /// A message with every field given; the rare ones (attachment, quote, reactions, edit
    /// and deletion, the declared `fields`) default to empty and cost no storage then. A
    /// participant named by `sender` replaces one in `fields`.
    public init(
        id: Int64, conversationID: Int64, sender: Sender, text: String,
        sentAt: Timestamp, status: DeliveryStatus = .sent,
        attachment: Attachment? = nil, quote: Quote? = nil, reactions: [Reaction] = [],
        editedAt: Timestamp? = nil, deletedAt: Timestamp? = nil, fields: MessageFieldValues = MessageFieldValues()
    ) {
        self.id = id
        self.conversationID = conversationID
        self.text = text
        self.sentAt = sentAt
        self.role = sender.role
        self.status = status
        // A plain message (most are: every bot reply) builds no extras only to find them empty.
        if attachment == nil && quote == nil && reactions.isEmpty && editedAt == nil && deletedAt == nil
            && fields.isEmpty && sender.participant == nil
        {
            self.extras = nil
            self.participantKey = ParticipantKeys.none
            return
        }
        var fields = fields
        if let participant = sender.participant { fields[.participant] = .text(participant) }
        var values = Extras(
            attachment: attachment, quote: quote, reactions: reactions, editedAt: editedAt, deletedAt: deletedAt)
        values.fields = fields
        self.extras = Extras.Box(values)
        self.participantKey = ParticipantKeys.key(for: values.participant)
    }

    /// Who sent it: its role, and in a group the participant's name (the declared
    /// `participant` field).
    public var sender: Sender {
        get {
            guard namesParticipant, let extras else { return Sender(role) }
            return Sender(role, participant: extras.value.participant)
        }
        set {
            role = newValue.role
            if newValue.participant != nil || extras != nil {
                fields[.participant] = newValue.participant.map(FieldValue.text) ?? .null
            }
        }
    }

    /// Whether `other` has the same sender: what grouping asks of every message, answered
    /// from the roles and participant keys, as cheaply as comparing the three-case enum
    /// senders were.
    @inlinable
    package func hasSameSender(as other: Message) -> Bool {
        role == other.role
            && ParticipantKeys.same(participantKey, other.participantKey) { hasSameParticipantName(as: other) }
    }

    /// Whether `other` names the same participant, by name: only for keys that cannot tell.
    /// Out of line, so that a loop grouping messages keeps no registers free for it (two
    /// names read from the boxed extras, their reference counts, a string comparison).
    @usableFromInline @inline(never)
    func hasSameParticipantName(as other: Message) -> Bool {
        participantName == other.participantName
    }

    /// The participant's name (kept beside the declared fields in the extras).
    var participantName: String? {
        namesParticipant ? extras?.value.participant : nil
    }

    /// The values of the declared fields (`MessageField.all`); each also has a typed
    /// accessor (`parentID`, `actions`, `sender.participant`).
    package var fields: MessageFieldValues {
        get { extras?.value.fields ?? MessageFieldValues() }
        set { updateExtras { $0.fields = newValue } }
    }

    /// Whether the message has any of the rare fields (attachment, quote, reactions, edit,
    /// deletion, a declared field): a bot is handed a plain message without building them.
    package var hasExtras: Bool { extras != nil }

    /// The file sent with the message, described; nil for a plain text message.
    package var attachment: Attachment? {
        get { extras?.value.attachment }
        set { updateExtras { $0.attachment = newValue } }
    }

    /// The message this one replies to, as it read when quoted.
    package var quote: Quote? {
        get { extras?.value.quote }
        set { updateExtras { $0.quote = newValue } }
    }

    /// Who reacted with what, oldest first.
    package var reactions: [Reaction] {
        get { extras?.value.reactions ?? [] }
        set { updateExtras { $0.reactions = newValue } }
    }

    /// When the text was last changed by its sender, if ever.
    package var editedAt: Timestamp? {
        get { extras?.value.editedAt }
        set { updateExtras { $0.editedAt = newValue } }
    }

    /// When the sender deleted the message, if they did.
    package var deletedAt: Timestamp? {
        get { extras?.value.deletedAt }
        set { updateExtras { $0.deletedAt = newValue } }
    }

    /// Changes the boxed fields in a fresh box, so copies of this message keep theirs.
    private mutating func updateExtras(_ change: (inout Extras) -> Void) {
        var value = extras?.value ?? Extras()
        change(&value)
        extras = Extras.Box(value)
        participantKey = ParticipantKeys.key(for: value.participant)
    }

    /// Whether the message was deleted: drawn as a "message deleted" placeholder.
    package var isDeleted: Bool { deletedAt != nil }

    /// Whether the text was changed after it was sent (and the message still exists).
    package var isEdited: Bool { editedAt != nil && deletedAt == nil }

    /// The reactions grouped by emoji, in the order each emoji first appeared: what a badge
    /// row under the bubble shows.
    package var reactionCounts: [ReactionCount] {
        var counts: [ReactionCount] = []
        for reaction in reactions {
            if let index = counts.firstIndex(where: { $0.emoji == reaction.emoji }) {
                counts[index].senders.append(reaction.sender)
            } else {
                counts.append(ReactionCount(emoji: reaction.emoji, senders: [reaction.sender]))
            }
        }
        return counts
    }

    /// The order messages are laid out in: by time, ties broken by id (insertion order).
    package static func chronological(_ lhs: Message, _ rhs: Message) -> Bool {
        if lhs.sentAt != rhs.sentAt { return lhs.sentAt < rhs.sentAt }
        return lhs.id < rhs.id
    }
}
