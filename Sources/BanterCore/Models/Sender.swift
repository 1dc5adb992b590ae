/// Who a message is from: one of the conversation's participants, as seen by the person
/// using Banter. A two-party conversation has exactly the three of `.me`, `.them` and
/// `.system`; a group names its other participants (`Sender(.them, participant: "Triage")`).
///
/// The role says where the message belongs (yours, someone else's, Banter's) and is what
/// the `sender` column has always stored; the participant's name tells the people of a
/// group apart and is nil for the role's one participant of a two-party conversation, so
/// two-party conversations store, export and draw exactly as they did before groups.
/// Grouping compares whole senders: a cluster breaks when the participant changes.
public struct Sender: Hashable, Sendable {
    /// Which side of the chat a participant speaks from.
    public enum Role: String, Hashable, Sendable, Codable, CaseIterable {
        /// The user: drawn on the right.
        case me
        /// Anyone else: a bot or another person, drawn on the left.
        case them
        /// Banter itself or a script (match lines, errors): drawn centred.
        case system
    }

    public var role: Role
    /// The participant's name, unique in its conversation (see `ChatStore.participants`);
    /// nil for the role's only participant of a two-party conversation.
    public var participant: String?

    public init(_ role: Role, participant: String? = nil) {
        self.role = role
        self.participant = participant
    }

    @inlinable
    public static func == (lhs: Sender, rhs: Sender) -> Bool {
        lhs.role == rhs.role && lhs.participant == rhs.participant
    }

    /// The user.
    public static let me = Sender(.me)
    /// The other side of a two-party conversation.
    public static let them = Sender(.them)
    /// Banter itself.
    public static let system = Sender(.system)
}

/// Text shows a sender as its participant's name, or its role ("me") in a two-party
/// conversation, as the three-case enum it replaced did.
extension Sender: CustomStringConvertible {
    public var description: String { participant ?? role.rawValue }
}

/// A sender is written as its role ("me") when it has no participant name, as before
/// groups, and as `{"role": "them", "participant": "Triage"}` otherwise.
extension Sender: Codable {
    private enum CodingKeys: String, CodingKey { case role, participant }

    public init(from decoder: any Decoder) throws {
        if let role = try? decoder.singleValueContainer().decode(Role.self) {
            self.init(role)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(Role.self, forKey: .role),
            participant: try container.decodeIfPresent(String.self, forKey: .participant))
    }

    public func encode(to encoder: any Encoder) throws {
        guard let participant else {
            var container = encoder.singleValueContainer()
            try container.encode(role)
            return
        }
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(participant, forKey: .participant)
    }
}
