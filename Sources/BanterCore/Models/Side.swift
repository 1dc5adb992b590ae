/// One of the two people in a conversation: the side a `banter chat` process speaks for
/// (`--as me|them`) and the one whose messages it draws as sent.
///
/// Messages keep their stored `Sender` whoever reads them; a side only says which of the
/// two senders is "you" in this process, so two processes on one database can each be one
/// person of the same conversation.
public enum Side: String, Hashable, Sendable, CaseIterable {
    /// The user as stored (`Sender.me`): the default.
    case me
    /// The other side as stored (`Sender.them`): the person a bot would otherwise play.
    case them

    /// The sender of the messages this side writes.
    package var sender: Sender {
        switch self {
        case .me: .me
        case .them: .them
        }
    }

    /// The other person.
    package var opposite: Side {
        switch self {
        case .me: .them
        case .them: .me
        }
    }

    /// Whether `sender` is this side (system lines belong to neither).
    package func wrote(_ sender: Sender) -> Bool {
        sender == self.sender
    }
}
