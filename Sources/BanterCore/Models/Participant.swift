/// The other side of a conversation as the user sees it: a name, an initial and a colour
/// for its avatar. Bots declare these; a conversation without a bot has a plain participant.
public struct Participant: Hashable, Sendable, Codable {
    public var name: String
    /// One grapheme shown in the avatar; defaults to the name's first character.
    public var initial: String
    /// A colour as "#RRGGBB", or nil for the theme's default.
    public var color: String?

    /// Without an `initial`, the avatar shows the name's first character ("?" for an empty name).
    public init(name: String, initial: String? = nil, color: String? = nil) {
        self.name = name
        self.initial = initial ?? name.first.map { String($0) } ?? "?"
        self.color = color
    }
}
