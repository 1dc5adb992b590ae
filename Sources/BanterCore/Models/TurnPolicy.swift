/// Who answers a message in a group: a per-conversation setting (`/turns`, a scenario's
/// `turns = "mention"`). Bots hear each other too, under the same policy, until the turn
/// budget stops them.
package enum TurnPolicy: String, Hashable, Sendable, CaseIterable {
    /// Every bot may answer (the default).
    case all
    /// Only the bots the message mentions as @Name.
    case mention
    /// One bot per person's message, in the order they joined, taking turns; a bot's
    /// message goes to the bot after it.
    case roundRobin = "round_robin"
    /// The bots mentioned first, then each other bot by its declared talkativeness, drawn
    /// from the seeded random source (the same on every run).
    case natural
    /// No bot answers until told to (`/next NAME`).
    case manual

    /// What `/turns` and scenarios accept, for error messages.
    package static let accepted = allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// One line for `/who` and `/turns`.
    package var summary: String {
        switch self {
        case .all: "every bot may answer"
        case .mention: "only the bots a message mentions as @Name answer"
        case .roundRobin: "the bots take turns, one per message"
        case .natural: "mentioned bots first, then each bot by its talkativeness"
        case .manual: "no bot answers until /next NAME"
        }
    }
}
