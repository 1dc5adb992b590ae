import BanterCore
import BanterStore

/// Finding the message a command means (see `MessageReference` and `MessageAction`).
extension ChatSession {
    /// The message `reference` names for `action`, or one clear error: no such message, or
    /// one the action may not touch (another person's message to edit, a deleted one…).
    ///
    /// `.newest` and `-N` count only the messages the action applies to (see
    /// `MessageAction`), newest first, through the loaded window and then older pages of the
    /// store; `#ID` may name any message of the open conversation.
    package func resolve(_ reference: MessageReference, for action: MessageAction) throws(ChatError) -> Message {
        switch reference {
        case .id(let id):
            let found = try storing { () throws(StoreError) in try store.message(id: id) }
            guard let found, found.conversationID == conversation.id else {
                throw .noSuchMessage("there is no message #\(id) in this conversation (/ids on shows ids)")
            }
            if let refusal = action.refusal(for: found, speakingAs: side) { throw .messageNotAllowed(refusal) }
            return found
        case .newest:
            return try nthNewest(1, for: action, reference: reference)
        case .newestBut(let count):
            return try nthNewest(count, for: action, reference: reference)
        }
    }

    /// The `count`-th newest message that `action` counts.
    private func nthNewest(_ count: Int, for action: MessageAction, reference: MessageReference) throws(ChatError)
        -> Message
    {
        var found = 0
        var page = messages
        var reachedStart = reachedBeginning
        while true {
            for message in page.reversed() where action.counts(message, speakingAs: side) {
                found += 1
                if found == count { return message }
            }
            guard !reachedStart, let oldest = page.first else { break }
            let limit = options.pageSize
            let older = try storing { () throws(StoreError) in try store.page(before: oldest, limit: limit) }
            page = older.messages
            reachedStart = older.reachedBeginning
        }
        func what(_ count: Int) -> String {
            let messages = count == 1 ? "message" : "messages"
            return switch action {
            case .edit, .delete, .fork: "\(messages) of yours"
            case .openAttachment: "\(messages) with an attachment"
            case .reply, .react, .copy: "\(messages) from \(participantName)"
            case .tap: "\(messages) with buttons from \(participantName)"
            }
        }
        if found == 0 { throw .noSuchMessage("there are no \(what(0)) to \(action.verb)") }
        throw .noSuchMessage(
            "\(reference): there \(found == 1 ? "is" : "are") only \(found) \(what(found)) to \(action.verb)")
    }

    /// The other side's name as this session sees it.
    private var participantName: String {
        side == .me ? participant.name : "you"
    }
}
