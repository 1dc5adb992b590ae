import BanterCore
import BanterLua
import BanterScript
import BanterStore

/// Why the session refused a request, phrased for the person at the prompt: what was wrong
/// and what to do instead.
package enum ChatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message is longer than the session accepts.
    case messageTooLong(bytes: Int, limit: Int)
    /// No conversation has this title.
    case noSuchConversation(title: String)
    /// `/new` named a conversation that already exists.
    case conversationExists(title: String)
    /// A conversation title that is empty or only whitespace.
    case emptyTitle
    /// `/reload` without a bot.
    case noBot
    /// A bot was asked for while speaking as the other side (`--as them`): a bot answers
    /// the user, so it would speak for the person at the prompt.
    case botWhileSpeakingAsThem
    /// A word that looks like a message reference but is not one ("-0", "#12x").
    case invalidReference(String)
    /// The reference names no message the action can find ("-5" with three messages).
    case noSuchMessage(String)
    /// The message exists but the action is not allowed on it (someone else's message to
    /// edit, a deleted one to react to).
    case messageNotAllowed(String)
    /// A reaction that is not a single emoji.
    case invalidEmoji(String)
    /// Editing to blank text (delete the message instead).
    case emptyEdit
    /// A pick of a button the message does not offer (now): says what it does offer.
    case noSuchChoice(String)
    /// A file to attach that cannot be read.
    case cannotReadFile(path: String, reason: String)
    /// A group command named no participant of the conversation (`/as`, `/kick`, `/next`);
    /// `known` lists who is there, to pick from.
    case unknownParticipant(name: String, known: [String])
    /// A name already taken in the conversation (`/invite` twice under one name).
    case participantNameTaken(String)
    /// `/as` named a bot: bots speak for themselves.
    case participantIsBot(String)
    /// `/next` named a person: only bots take turns.
    case participantIsNotABot(String)
    /// `/next` named a bot of the group whose script did not load.
    case botNotRunning(String)
    /// A participant name that is empty, too long or not one line.
    case invalidParticipantName(String)
    /// A debugger request that cannot be carried out now (no bot paused, no such
    /// breakpoint), with what to do instead.
    case debugger(String)
    /// The bot script could not be loaded.
    case script(ScriptError)
    /// The database refused an operation.
    case store(StoreError)

    package var description: String {
        switch self {
        case .messageTooLong(let bytes, let limit):
            "the message is \(bytes) bytes long; the limit is \(limit) bytes (\(limit / 1024) KiB): split it into several messages"
        case .noSuchConversation(let title):
            "there is no conversation named \"\(title)\": /chats lists them, /new \(title) creates it"
        case .conversationExists(let title):
            "a conversation named \"\(title)\" already exists: /open \(title) opens it"
        case .emptyTitle:
            "a conversation needs a name, e.g. /new weekend-plans"
        case .noBot:
            "no bot is loaded in this conversation: load one with /bot FILE"
        case .botWhileSpeakingAsThem:
            "you are speaking as the other side (--as them), which is the side a bot plays: "
                + "chat with a bot from a session without --as them"
        case .invalidReference(let word):
            "\(word) is not a message reference: write -N for the N-th newest message (-1, -2, …) or #ID for a message's id (/ids on shows them)"
        case .noSuchMessage(let detail):
            detail
        case .messageNotAllowed(let detail), .noSuchChoice(let detail):
            detail
        case .invalidEmoji(let text):
            "\"\(text)\" is not a single emoji: react with one, e.g. 👍 or ❤️"
        case .emptyEdit:
            "the new text is empty: write the new text, or delete the message with /delete"
        case .cannotReadFile(let path, let reason):
            "cannot attach \(path): \(reason)"
        case .unknownParticipant(let name, let known):
            known.isEmpty
                ? "there is nobody named \"\(name)\" here: this conversation has no group yet (/invite NAME or /invite BOT.lua adds one)"
                : "there is nobody named \"\(name)\" in this group: it has \(known.joined(separator: ", ")) (/who lists them)"
        case .participantNameTaken(let name):
            "\"\(name)\" is already in this group: invite them under another name (/invite FILE as NAME)"
        case .participantIsBot(let name):
            "\(name) is a bot and speaks for itself: /as speaks for a person (/invite NAME adds one)"
        case .participantIsNotABot(let name):
            "\(name) is a person, not a bot: only bots take turns (/as \(name) TEXT speaks for them)"
        case .botNotRunning(let name):
            "\(name) is not running (its script did not load): fix it, then /kick \(name) and /invite it again"
        case .invalidParticipantName(let name):
            "\"\(name)\" cannot be a name: write one line of at most \(Participant.maximumNameLength) characters, not \"me\", \"them\" or \"system\""
        case .debugger(let detail):
            detail
        case .script(let error):
            error.description
        case .store(let error):
            error.description
        }
    }
}
