import BanterCore
import BanterLua
import Foundation

/// The state the bot's host functions share with the runtime: the host, the run being
/// resumed, and the declarations collected while a script loads.
final class BotContext {
    /// The host. Reaching it while the script loads (the clock, `print`, a note) makes the
    /// load depend on the host, so `LoadedBotPool` does not reuse it.
    var host: (any BotHost)? {
        get {
            if declarations != nil { touchedHostWhileLoading = true }
            return storedHost
        }
        set { storedHost = newValue }
    }
    private weak var storedHost: (any BotHost)?
    /// Whether the script reached the host while it loaded (see `host`).
    private(set) var touchedHostWhileLoading = false
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
    /// The step debugger's breakpoints and paused run.
    let debug = BotDebugState()

    init(host: any BotHost, limits: ScriptLimits, botDirectory: String) {
        storedHost = host
        self.limits = limits
        self.botDirectory = botDirectory
    }

    var now: Timestamp { host?.now ?? Timestamp(millisecondsSince1970: 0) }

    /// Serves `host` with a pooled bot put back to its loaded state: nothing runs, nothing
    /// types.
    func reuse(for host: any BotHost) {
        storedHost = host
        currentRun = nil
        typingUntil = nil
    }

    /// Adds what the running handler did to the stretch being traced, if any (the action is
    /// only built then).
    func traced(_ action: @autoclosure () -> TraceAction) {
        guard let run = currentRun, run.trace != nil else { return }
        run.trace?.actions.append(action())
    }

    /// Whether a step of a delayed `chat:reply` is running (already traced as the reply):
    /// consumes one step.
    func isReplyStep() -> Bool {
        guard let run = currentRun, run.pendingReplySteps > 0 else { return false }
        run.pendingReplySteps -= 1
        return true
    }

    /// A note: into the trace of the running handler when it is traced (the trace shows
    /// it), else to the host on its own.
    func noted(_ note: ScriptNote) {
        if currentRun?.trace != nil {
            currentRun?.trace?.notes.append(note)
        } else {
            host?.botNoted(note)
        }
    }

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
        var talkativeness = BotDefinition.defaultTalkativeness
    }
}
