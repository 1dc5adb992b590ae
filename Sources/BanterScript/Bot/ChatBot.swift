import BanterCore
import BanterLua

/// A bot as the session drives it, whatever it is made of: a Lua script (`BotRuntime`) or a
/// program in another language (`ExternalBot` in BanterExternal). The session hands it what
/// happens in the conversation and moves the clock to its scheduled work; the bot answers
/// through the `BotHost` it was created with. Driven from one thread; failures never throw
/// out of the event methods, they reach the host as `botFailed`.
package protocol ChatBot: AnyObject {
    /// The file the bot was loaded from (a script, a program, or a bot file naming one).
    var scriptPath: String { get }
    /// What the bot declared about itself; replaced by a successful reload.
    var definition: BotDefinition { get }
    /// What the bot's randomness is seeded with (a saved scenario keeps it).
    var randomSeed: UInt64 { get }
    /// The bot's memory as last saved, JSON text per key.
    var memory: [String: String] { get }
    /// The files live reload watches: the bot's file and what it read.
    var sourceFiles: [String] { get }
    /// When scheduled work falls due next, if any is waiting on time.
    var nextWakeTime: Timestamp? { get }

    /// The conversation was shown; `firstTime` when it was just created.
    func conversationOpened(firstTime: Bool)
    /// The user's message, already stored.
    func received(_ message: Message)
    /// The user added (or took back) `reaction` on `message` (as stored now).
    func reacted(_ reaction: Reaction, to message: Message, added: Bool)
    /// The user edited or deleted one of their messages (as stored now).
    func changed(_ message: Message)
    /// The user picked `choice` on message `sourceID`; `message` is the pick as stored.
    func pressed(_ choice: ActionChoice, on sourceID: Int64, message: Message)
    /// Runs the work due at `now`.
    func runDue(now: Timestamp)
    /// Drops the work still waiting (a delayed reply, a typing pause): a fork or a branch
    /// switch leaves the branch it was meant for.
    func cancelPausedRuns()
    /// The conversation went to another branch (a fork or a switch): the work still
    /// waiting is dropped and the bot remembers `memory`, what it had on that branch.
    func movedToBranch(memory: [String: String])
    /// Loads the bot again, keeping its memory; on failure the running one stays and the
    /// error is thrown.
    func reload() throws(ScriptError)
}

extension BotRuntime: ChatBot {}
