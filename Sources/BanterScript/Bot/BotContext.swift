import BanterCore
import Foundation

/// The state the bot's host functions share with the runtime: the host, the run being
/// resumed, and the declarations collected while a script loads.
final class BotContext {
    weak var host: (any BotHost)?
    let limits: ScriptLimits
    /// The folder of the bot's script: where the files it sends come from.
    let botDirectory: String
    /// The run being resumed right now (nil while a script loads).
    var currentRun: HandlerRun?
    /// Collects `bot{}`, `grouping{}` and `seed{}` while a script loads; nil afterwards.
    var declarations: Declarations?
    /// Typing speed of the bot that is running.
    var typingCharactersPerSecond = BotDefinition.defaultTypingCharactersPerSecond
    /// Until when the typing indicator shows, as last told to the host.
    var typingUntil: Timestamp?

    init(host: any BotHost, limits: ScriptLimits, botDirectory: String) {
        self.host = host
        self.limits = limits
        self.botDirectory = botDirectory
    }

    var now: Timestamp { host?.now ?? Timestamp(millisecondsSince1970: 0) }

    func showTyping(until time: Timestamp?) {
        guard time != nil || typingUntil != nil else { return }
        typingUntil = time
        host?.botTyping(until: time)
    }

    /// What a script declared about itself while loading.
    struct Declarations {
        var name: String?
        var greeting: String?
        var initial: String?
        var color: String?
        var typingCharactersPerSecond = BotDefinition.defaultTypingCharactersPerSecond
        var grouping: GroupingRules?
        var seeds: [SeedMessage] = []
    }
}
