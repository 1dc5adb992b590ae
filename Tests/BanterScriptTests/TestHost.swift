import BanterCore
import BanterTestSupport
import Foundation

@testable import BanterLua
@testable import BanterScript

/// An in-memory chat session for tests: a virtual clock, the replies, typing and marks the
/// bot produced, failures, and memory kept in a dictionary (a stand-in for SQLite).
final class TestHost: BotHost {
    var now: Timestamp
    var replies: [(text: String, at: Timestamp)] = []
    var typing: [Timestamp?] = []
    var marks: [DeliveryStatus] = []
    var failures: [String] = []
    var logs: [String] = []
    var memory: [String: String]
    /// Keys saved, and the calls that saved them (one per handler that changed memory).
    var memorySaves = 0
    var memoryBatches = 0
    var failNextReply = false
    /// Every reply with its file and quote.
    var sentReplies: [BotReply] = []
    private var nextID: Int64 = 1
    /// Where `chat:complete` goes (nil: no models here).
    var models: (any ModelService)?
    /// What `chat:history_messages` reads, oldest first.
    var history: [Message] = []

    init(now: Timestamp = TestHost.start, memory: [String: String] = [:]) {
        self.now = now
        self.memory = memory
    }

    /// 2026-11-20 19:00:00 UTC.
    static let start = Timestamp(millisecondsSince1970: 1_795_201_200_000)

    var replyTexts: [String] { replies.map(\.text) }

    func botReplied(_ reply: BotReply) throws -> Message {
        if failNextReply {
            failNextReply = false
            throw StoreFailure()
        }
        replies.append((reply.text, now))
        sentReplies.append(reply)
        defer { nextID += 1 }
        return Message(id: nextID, conversationID: 1, sender: .them, text: reply.text, sentAt: now)
    }
    func botTyping(until: Timestamp?) { typing.append(until) }
    func botMarked(_ status: DeliveryStatus) { marks.append(status) }
    func loadMemory() throws -> [String: String] { memory }
    /// Set to make every memory save fail, as a store that refuses it would.
    var refusesMemory = false
    func saveMemory(_ changes: [(key: String, json: String?)]) throws {
        if refusesMemory { throw TestHostError.memoryRefused }
        memorySaves += changes.count
        memoryBatches += 1
        for (key, json) in changes { memory[key] = json }
    }
    func botFailed(_ error: ScriptError) { failures.append(error.description) }
    func botLogged(_ line: String) { logs.append(line) }
    /// Every pause of the step debugger, oldest first.
    var pauses: [DebugStop] = []
    func botPaused(_ stop: DebugStop) { pauses.append(stop) }
    /// Messages the debugger's restart took back.
    var retracted: [Int64] = []
    func botRetracted(messageIDs: [Int64]) throws { retracted += messageIDs }

    func recentMessages(_ count: Int) -> [Message] { Array(history.suffix(count)) }

    /// A user message, stored at the current time.
    func message(_ text: String) -> Message {
        defer { nextID += 1 }
        return Message(id: nextID, conversationID: 1, sender: .me, text: text, sentAt: now)
    }

    /// Sends `text` to the bot.
    func say(_ text: String, to bot: BotRuntime) {
        bot.received(message(text))
    }

    /// Advances the virtual clock through every wake-up of `bot` up to `duration` from now.
    func advance(_ duration: Duration, _ bot: BotRuntime) {
        let end = now + duration
        while let wake = bot.nextWakeTime, wake <= end {
            if wake > now { now = wake }
            bot.runDue(now: now)
        }
        now = end
    }

    struct StoreFailure: Error, CustomStringConvertible {
        var description: String { "disk full" }
    }
}

/// Writes scripts into a fresh temporary folder, removed with its content when the last copy
/// of the value is released: keep it in a variable for as long as the scripts are used.
struct ScriptFolder {
    private let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    var url: URL { folder.url }

    @discardableResult
    func write(_ name: String, _ source: String) -> String {
        let file = url.appendingPathComponent(name)
        try? FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? source.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }
}

/// Small limits so hostile scripts are stopped quickly.
let testLimits = ScriptLimits(
    instructionsPerRun: 2_000_000, timePerRun: .seconds(5), patternStepsPerRun: 200_000, memoryBytes: 8 << 20
)

/// Loads `source` as "bot.lua" in a fresh folder, removed once the bot has read it (a bot
/// that requires modules or reloads needs a `ScriptFolder` of its own).
func makeBot(_ source: String, host: TestHost, limits: ScriptLimits = testLimits, seed: UInt64 = 1) throws -> BotRuntime
{
    let folder = try ScriptFolder()
    return try BotRuntime(scriptPath: folder.write("bot.lua", source), limits: limits, host: host, randomSeed: seed)
}

/// The error loading `source` produces, as the user reads it.
func loadError(_ source: String, limits: ScriptLimits = testLimits) -> String? {
    do {
        _ = try makeBot(source, host: TestHost(), limits: limits)
        return nil
    } catch {
        return (error as? ScriptError)?.description ?? "\(error)"
    }
}

/// What `TestHost` throws when told to refuse.
enum TestHostError: Error {
    case memoryRefused
}
