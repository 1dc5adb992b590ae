/// Someone in a conversation as the user sees them: a name, an initial and a colour for
/// the avatar, and what kind of participant they are. Bots declare these; a conversation
/// without a bot has a plain participant on the other side.
public struct Participant: Hashable, Sendable, Codable {
    public var name: String
    /// One grapheme shown in the avatar; defaults to the name's first character.
    package var initial: String
    /// A colour as "#RRGGBB", or nil for the theme's default.
    package var color: String?
    /// Who this is: the user, another person, a bot or Banter itself.
    package var kind: ParticipantKind
    /// The script a bot participant of a group runs (absolute), so reopening the group loads
    /// it again; nil for people and for the bot of a two-party conversation.
    package var scriptPath: String?
    /// Whether they left the group (`/kick`): their messages stay, drawn with their name and
    /// colour, but they no longer speak or hear.
    package var hasLeft: Bool

    /// Without an `initial`, the avatar shows the name's first character ("?" for an empty name).
    public init(
        name: String, initial: String? = nil, color: String? = nil, kind: ParticipantKind = .bot,
        scriptPath: String? = nil, hasLeft: Bool = false
    ) {
        self.name = name
        self.initial = initial ?? name.first.map { String($0) } ?? "?"
        self.color = color
        self.kind = kind
        self.scriptPath = scriptPath
        self.hasLeft = hasLeft
    }

    /// The longest name a group accepts, in characters: names sit above bubbles.
    package static let maximumNameLength = 40

    /// Whether `name` can name a group's participant: one line, not blank, at most
    /// `maximumNameLength` characters, and not one of the roles' words (which `/as` and
    /// scenarios read as the roles).
    package static func isValidName(_ name: String) -> Bool {
        guard let first = name.first, let last = name.last, !first.isWhitespace, !last.isWhitespace,
            name.count <= maximumNameLength
        else { return false }
        guard !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
        return Sender.Role(rawValue: name.lowercased()) == nil
    }

    private enum CodingKeys: String, CodingKey { case name, initial, color, kind }

    /// `kind` is optional when reading (values written before it existed are bots).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            initial: try container.decode(String.self, forKey: .initial),
            color: try container.decodeIfPresent(String.self, forKey: .color),
            kind: try container.decodeIfPresent(ParticipantKind.self, forKey: .kind) ?? .bot)
    }
}

/// What kind of participant someone is; stored by its raw value.
public enum ParticipantKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The person using Banter (`Sender.Role.me`).
    case you
    /// Another person, whom the user may speak for.
    case person
    case bot
    /// Banter itself.
    case system

    /// The role this kind of participant's messages have.
    public var role: Sender.Role {
        switch self {
        case .you: .me
        case .person, .bot: .them
        case .system: .system
        }
    }
}
