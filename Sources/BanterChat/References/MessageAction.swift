import BanterCore

/// What the user (or a bot) wants to do with a message: decides which messages a
/// `MessageReference` counts and which it may name.
package enum MessageAction: String, Hashable, Sendable, CaseIterable {
    case reply, react, copy, edit, delete, openAttachment, tap, fork

    /// The verb used in errors ("there is no message to react to").
    package var verb: String {
        switch self {
        case .reply: "reply to"
        case .react: "react to"
        case .copy: "copy"
        case .edit: "edit"
        case .delete: "delete"
        case .openAttachment: "open"
        case .tap: "pick a button of"
        case .fork: "fork at"
        }
    }

    /// Whether a message counts for `.newest` and `-N`: the other side's messages for
    /// replies, reactions and copies; your own for edits and deletions; messages with a file
    /// for opening attachments; the other side's with buttons, quick replies or a card for taps;
    /// your own for forks (`/fork #ID` may name the other side's too). Deleted messages never count.
    package func counts(_ message: Message, speakingAs side: Side) -> Bool {
        guard !message.isDeleted else { return false }
        switch self {
        case .reply, .react, .copy: return message.sender == side.opposite.sender
        case .edit, .delete, .fork: return message.sender == side.sender
        case .openAttachment: return message.attachment != nil
        case .tap: return message.sender == side.opposite.sender && message.actions != nil
        }
    }

    /// Why `message` cannot be acted on, or nil when it can: the rules for `#ID`, which may
    /// name any message of the conversation.
    func refusal(for message: Message, speakingAs side: Side) -> String? {
        let name = "#\(message.id)"
        if message.isDeleted { return "message \(name) was deleted" }
        switch self {
        case .reply, .react, .fork:
            if message.sender == .system { return "message \(name) is a system line; you can only \(verb) messages" }
        case .copy:
            return nil
        case .edit, .delete:
            if message.sender != side.sender {
                return "message \(name) is not yours; you can only \(verb) your own messages"
            }
        case .openAttachment:
            if message.attachment == nil { return "message \(name) has no attachment" }
        case .tap:
            if message.actions == nil { return "message \(name) offers no buttons or quick replies" }
        }
        return nil
    }
}
