/// Who a message is from, as seen by the person using Banter. Stored as is; a process
/// speaking as the other side (`Side.them`) draws the two the other way round.
public enum Sender: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user: drawn on the right.
    case me
    /// The other side (a bot or another person): drawn on the left.
    case them
    /// Banter itself or a script (match lines, errors): drawn centred.
    case system
}
