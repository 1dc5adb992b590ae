import BanterCore
import BanterLua
import BanterScript
import BanterStore
import Foundation

/// One bot of a group conversation: its runtime and the host it talks to. The host is the
/// session seen through the bot's name, so what the bot sends is stored as its own
/// (`Sender(.them, participant: name)`), its typing names it and its memory is its own.
final class GroupMember: BotHost {
    /// The session this bot speaks in; it owns its members, so it outlives them.
    unowned let session: ChatSession
    /// The bot as the group knows it (its name may differ from the one its script declares:
    /// `/invite quiz.lua as Quizzy`).
    private(set) var participant: Participant
    /// The bot's runtime; set right after `init`, as it needs its host to load.
    private(set) var runtime: (any ChatBot)!

    /// Where the bot's memory is kept in the conversation (see `ChatSession.memoryKey`).
    let memoryKey: String

    /// Loads the script at `scriptPath` with the session's limits and seed, to speak as
    /// `participant` (whose name `adopt` may still change before it speaks); from the
    /// session's `LoadedBotPool` when it has one (test workers, crawls).
    init(participant: Participant, scriptPath: String, session: ChatSession) throws(ScriptError) {
        self.session = session
        self.participant = participant
        memoryKey = ChatSession.memoryKey(scriptPath: scriptPath)
        runtime = try BotLoader.load(scriptPath, options: session.options, host: self, pool: session.options.loadedBots)
    }

    var name: String { participant.name }

    // MARK: BotHost

    var now: Timestamp { session.clock.now }
    var recordsCoverage: Bool { session.options.recordsCoverage }
    var tracesHandlers: Bool { session.tracesHandlers }
    var participants: [Participant] { session.participants }
    var models: (any ModelService)? { session.options.models }
    func recentMessages(_ count: Int) -> [Message] { session.recentMessages(count) }

    func botReplied(_ reply: BotReply) throws -> Message {
        try session.storeReply(reply, from: Sender(.them, participant: name))
    }

    func botReacted(to messageID: Int64, with emoji: String, adding: Bool) throws -> Message {
        try session.botReacted(to: messageID, with: emoji, adding: adding)
    }

    func botEdited(messageID: Int64, text: String) throws -> Message {
        try session.botEdited(messageID: messageID, text: text)
    }

    func botDeleted(messageID: Int64) throws -> Message {
        try session.botDeleted(messageID: messageID)
    }

    func botTyping(until: Timestamp?) {
        session.botTyping(until: until, as: participant)
    }

    func botMarked(_ status: DeliveryStatus) {
        session.botMarked(status)
    }

    func loadMemory() throws -> [String: String] {
        try session.store.allMemory(conversationID: session.conversation.id, bot: memoryKey)
    }

    func saveMemory(_ changes: [(key: String, json: String?)]) throws {
        try session.store.setMemoryValues(changes, conversationID: session.conversation.id, bot: memoryKey)
    }

    func botFailed(_ error: ScriptError) {
        session.botFailed(error)
    }

    func botNoted(_ note: ScriptNote) {
        session.botNoted(note)
    }

    func botLogged(_ line: String) {
        session.botLogged(line)
    }

    /// The debugger is the session's: the clock stops for the group, the pause is shown.
    func botPaused(_ stop: DebugStop) {
        session.botPaused(stop)
    }

    func botRetracted(messageIDs: [Int64]) throws {
        try session.botRetracted(messageIDs: messageIDs)
    }

    func botTraced(_ trace: HandlerTrace) {
        session.botTraced(trace)
    }

    /// Takes on the group's record of the bot (its name decided once the script declared one).
    func adopt(_ participant: Participant) {
        self.participant = participant
    }
}
