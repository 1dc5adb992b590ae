import BanterCore
import BanterExternal
import BanterLua
import BanterScript

/// The one place that decides what a bot file is: a `.lua` script runs in the sandbox
/// (`BotRuntime`), anything else is an `ExternalBot`: a program spoken to in JSON Lines (the
/// program itself, or a `.toml` bot file naming its command), or a bot behind an HTTP
/// endpoint (a URL, or a bot file naming one). Both are a `ChatBot` to the session and its
/// groups.
enum BotLoader {
    /// `pool`, when given, hands out a Lua bot already loaded (crawls and test workers).
    static func load(
        _ path: String, options: ChatSessionOptions, host: any BotHost, pool: LoadedBotPool? = nil
    ) throws(ScriptError) -> any ChatBot {
        if path.hasSuffix(".lua") && !BotAddress.isURL(path) {
            return try BotRuntime(
                scriptPath: path, limits: options.scriptLimits, host: host, randomSeed: options.randomSeed,
                pool: pool)
        }
        return try ExternalBot(scriptPath: path, host: host, randomSeed: options.randomSeed)
    }
}
