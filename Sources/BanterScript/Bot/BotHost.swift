import BanterCore

/// The chat session a bot talks to. The bot never touches the store or the terminal: it
/// asks its host to store and show things, and reads time from the host's clock (virtual
/// in tests and scenarios). Methods are called on the thread that drives the runtime.
public protocol BotHost: AnyObject {
    /// The conversation's clock.
    var now: Timestamp { get }
    /// Stores and shows a message from the bot. A thrown error becomes a script-visible error.
    func botReplied(_ text: String) throws
    /// Shows the typing indicator until the given time; nil hides it.
    func botTyping(until: Timestamp?)
    /// The bot marked the user's messages delivered or read.
    func botMarked(_ status: DeliveryStatus)
    /// The bot's memory for this conversation: JSON text per key.
    func loadMemory() throws -> [String: String]
    /// Stores one memory key (JSON text), or deletes it when `json` is nil.
    func saveMemory(key: String, json: String?) throws
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
}

extension BotHost {
    public func botLogged(_ line: String) {}
    /// Hosts without a place for notes keep them in the bot's log.
    public func botNoted(_ note: ScriptNote) { botLogged(note.description) }
    public var recordsCoverage: Bool { false }
    public var tracesHandlers: Bool { false }
    public func botTraced(_ trace: HandlerTrace) {}
}
