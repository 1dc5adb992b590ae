import BanterCore
import BanterLua

/// The chat session a bot talks to. The bot never touches the store or the terminal: it
/// asks its host to store and show things, and reads time from the host's clock (virtual
/// in tests and scenarios). Methods are called on the thread that drives the runtime.
package protocol BotHost: AnyObject {
    /// The conversation's clock.
    var now: Timestamp { get }
    /// Stores and shows a message from the bot (a file with it, a quote) and returns it as
    /// stored. A thrown error becomes a script-visible error.
    func botReplied(_ reply: BotReply) throws -> Message
    /// Adds the bot's reaction to a message of the conversation, or takes it back.
    func botReacted(to messageID: Int64, with emoji: String, adding: Bool) throws -> Message
    /// Replaces the text of one of the bot's own messages.
    func botEdited(messageID: Int64, text: String) throws -> Message
    /// Deletes one of the bot's own messages (a placeholder stays).
    func botDeleted(messageID: Int64) throws -> Message
    /// Shows the typing indicator until the given time; nil hides it.
    func botTyping(until: Timestamp?)
    /// The bot marked the user's messages delivered or read.
    func botMarked(_ status: DeliveryStatus)
    /// The bot's memory for this conversation: JSON text per key.
    func loadMemory() throws -> [String: String]
    /// Stores memory keys (JSON text), or deletes those whose `json` is nil: what one
    /// handler changed, saved all or none.
    func saveMemory(_ changes: [(key: String, json: String?)]) throws
    /// A handler failed; `error` is one readable line with file:line.
    func botFailed(_ error: ScriptError)
    /// The script printed a line (for a debug pane or log; never written to the terminal raw).
    func botLogged(_ line: String)
    /// A handler did something its author should know about that is not an error (it read
    /// an undefined global); each kind of note comes once per name and place.
    func botNoted(_ note: ScriptNote)
    /// Whether the bot's scripts record line coverage (`banter test --coverage`).
    var recordsCoverage: Bool { get }
    /// Whether the bot reports, for each message, which handler took it and what it did
    /// (`/trace on`, `banter test`), through `botTraced`.
    var tracesHandlers: Bool { get }
    /// One stretch of a handler run, traced (only while `tracesHandlers`).
    func botTraced(_ trace: HandlerTrace)
    /// A handler paused in the step debugger (a breakpoint, or a step ended); nothing of
    /// this bot runs until the host tells the runtime to go on (`BotRuntime.proceed`).
    func botPaused(_ stop: DebugStop)
    /// Takes back messages the bot sent in a run the debugger restarts, as if never sent.
    func botRetracted(messageIDs: [Int64]) throws
    /// A group's participants besides the user (who left included), for
    /// `chat.participants`, `msg.sender` and `msg.mentions`; empty in a two-party conversation.
    var participants: [Participant] { get }
    /// Where `chat:complete` goes; nil when no language model is available here.
    var models: (any ModelService)? { get }
    /// The conversation's newest `count` messages, oldest first (`chat:history_messages`).
    func recentMessages(_ count: Int) -> [Message]
}

extension BotHost {
    /// Hosts that keep no messages (benchmarks) cannot change them.
    package func botReacted(to messageID: Int64, with emoji: String, adding: Bool) throws -> Message {
        throw BotHostUnsupported(operation: "reactions")
    }
    /// Nor edit them: the script sees an error saying this host keeps no messages.
    package func botEdited(messageID: Int64, text: String) throws -> Message {
        throw BotHostUnsupported(operation: "edits")
    }
    /// Nor delete them, with the same error.
    package func botDeleted(messageID: Int64) throws -> Message {
        throw BotHostUnsupported(operation: "deletions")
    }
    /// Hosts without a debug pane drop what the bot prints; it never reaches the terminal raw.
    package func botLogged(_ line: String) {}
    /// Hosts without a place for notes keep them in the bot's log.
    package func botNoted(_ note: ScriptNote) { botLogged(note.description) }
    package var recordsCoverage: Bool { false }
    package var tracesHandlers: Bool { false }
    /// Never called while `tracesHandlers` is false, so hosts that do not trace need nothing.
    package func botTraced(_ trace: HandlerTrace) {}
    /// Hosts without a debugger set no breakpoints, so no handler pauses.
    package func botPaused(_ stop: DebugStop) {}
    /// Nor restart a run, so no message is taken back.
    package func botRetracted(messageIDs: [Int64]) throws {
        throw BotHostUnsupported(operation: "restarts")
    }
    /// Hosts without groups have no participants besides the two sides.
    package var participants: [Participant] { [] }
    /// Hosts without models answer `chat:complete` with an error saying so.
    package var models: (any ModelService)? { nil }
    /// Hosts that keep no messages have no history to show a model.
    package func recentMessages(_ count: Int) -> [Message] { [] }
}

/// A host that keeps no conversation was asked to change a message.
struct BotHostUnsupported: Error, CustomStringConvertible {
    let operation: String
    var description: String { "this host keeps no messages, so \(operation) are not available" }
}
