/// Who a message is from, as seen by the person using Banter.
public enum Sender: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user: drawn on the right.
    case me
    /// The other side (a bot or another person): drawn on the left.
    case them
    /// Banter itself or a script (match lines, errors): drawn centred.
    case system
}
