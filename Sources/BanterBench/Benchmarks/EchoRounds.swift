import BanterCore
import BanterScript
import Foundation

/// What the bot round-trip benchmarks share: the same messages through an echo bot of each
/// kind, timed in wall time a message (the bot may be another process), with Banter's own
/// CPU time a message kept beside it, per kind.
struct EchoRounds {
    /// The echo bot in Lua, the baseline the other kinds are measured against.
    static let lua = """
        bot { name = "Echo" }
        fallback(function(msg, chat) chat:reply(msg.text) end)
        """

    let messages: [Message]
    /// Banter's CPU milliseconds a message, by kind, one entry a round.
    private(set) var cpu: [String: [Double]] = [:]

    /// `count` of the corpus's messages, all from the user.
    init(count: Int, in context: BenchContext) {
        messages = context.corpus.messages(count: count).map { message in
            var message = message
            message.sender = .me
            return message
        }
    }

    /// Sends every message to a bot `makeBot` makes and returns the wall milliseconds a
    /// message; fails unless each got its echo.
    mutating func perMessage(_ kind: String, _ makeBot: (BenchBotHost) throws -> any ChatBot) throws -> Double {
        let host = BenchBotHost(now: messages[messages.count - 1].sentAt)
        let bot = try makeBot(host)
        bot.conversationOpened(firstTime: false)
        var thread = 0.0
        let seconds = Stopwatch.seconds {
            thread = CPUTime.seconds {
                for message in messages { bot.received(message) }
            }
        }
        cpu[kind, default: []].append(thread * 1000 / Double(messages.count))
        guard host.failures.isEmpty, host.replies == messages.count else {
            throw BenchError(
                "the echo bot answered \(host.replies) of \(messages.count) messages; errors: \(host.failures.prefix(3))"
            )
        }
        return seconds * 1000 / Double(messages.count)
    }

    /// Times the echo bot `makeBot` makes against the Lua echo at `luaPath`, taken turn about
    /// (4 rounds after a warm-up), logs both with Banter's CPU time (under `label`, saying
    /// what the bot is `over`) and returns the difference a message in wall milliseconds.
    mutating func addedOverLua(
        label: String, over: String, luaPath: String, in context: BenchContext,
        _ makeBot: (BenchBotHost) throws -> any ChatBot
    ) throws -> Double {
        context.log(
            "\(label): \(messages.count) messages through an echo bot, Python over \(over) vs Lua (4 runs each)")
        let samples = try Samples.collectInterleaved(
            warmUp: 1, count: 4,
            { try perMessage(label, makeBot) },
            { try perMessage("lua") { try BotRuntime(scriptPath: luaPath, host: $0) } })
        let bot = samples.first.median
        let lua = samples.second.median
        context.log(
            String(
                format:
                    "\(label): %.4f ms a message over \(over), %.4f ms in Lua (wall); Banter's CPU %.4f and %.4f ms",
                bot, lua, medianCPU(label), medianCPU("lua")))
        return bot - lua
    }

    /// The median CPU milliseconds a message of `kind`.
    func medianCPU(_ kind: String) -> Double {
        let values = (cpu[kind] ?? [0]).sorted()
        return values[values.count / 2]
    }
}
