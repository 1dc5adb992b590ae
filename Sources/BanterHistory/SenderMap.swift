import BanterCore
import BanterStore

/// Who each sender of an export is in Banter: the user (`--me`) and the other side. Two
/// people make a two-party conversation, stored exactly like one Banter made. More make a
/// group: every message keeps its sender's name (`participant`), the conversation lists
/// them all, and until group chats are drawn the others are folded into the other side.
struct SenderMap {
    /// The conversation's other side: the one other person, or the chat itself in a group.
    let otherSide: Participant
    /// A group's participants, you first; empty for two people.
    let participants: [Participant]
    /// The names folded into the other side (a group's other people), for the summary.
    let folded: [String]
    private let me: String?

    /// `authors` are the export's senders in order of their first message; `me` the name
    /// the user gave, matched exactly or, failing that, ignoring case.
    init(authors: [String], me: String?, title: String) throws(HistoryError) {
        var resolved: String?
        if let me {
            let matches = authors.contains(me) ? [me] : authors.filter { $0.lowercased() == me.lowercased() }
            guard matches.count == 1 else { throw .unknownMe(me, authors: authors) }
            resolved = matches[0]
        } else if authors.count > 1 {
            throw .whoIsMe(authors: authors)
        }
        self.me = resolved
        let others = authors.filter { $0 != resolved }
        if others.count <= 1 {
            otherSide = Participant(name: others.first ?? title, kind: .person)
            participants = []
            folded = []
        } else {
            otherSide = Participant(name: title, kind: .person)
            participants =
                (resolved.map { [Participant(name: $0, kind: .you)] } ?? [])
                + others.map { Participant(name: $0, kind: .person) }
            folded = others
        }
    }

    /// The sender a message of `author` is stored with.
    func sender(for author: HistoryMessage.Author) -> Sender {
        guard case .person(let name) = author else { return .system }
        let role: Sender.Role = name == me ? .me : .them
        return participants.isEmpty ? Sender(role) : Sender(role, participant: name)
    }
}
