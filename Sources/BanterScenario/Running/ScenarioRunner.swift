import BanterChat
import BanterCore
import BanterLua
import BanterScript
import BanterStore
import Foundation

/// Runs a loaded scenario on a `ChatSession` with a virtual clock: a scenario spanning
/// days runs in milliseconds, and the same scenario always gives the same transcript.
///
/// Steps run in order, each by its own `run` (`ScenarioStepDefinition`). `expect_reply`
/// takes the bot's next reply not yet checked, moving the clock through the bot's scheduled
/// work until one arrives or the timeout passes; layout expectations (`expect_section`,
/// `expect_cluster_break`, `expect_same_cluster`) are checked against the next message
/// added. A failed expectation is recorded and the run carries on; a script error stops
/// it. Use it from one thread.
package final class ScenarioRunner {
    package let script: ScenarioScript
    package let session: ChatSession
    package let clock: VirtualClock
    /// Every event the session published during `run`, with its virtual time.
    package internal(set) var timeline: [TimedEvent] = []
    /// Receives each event as it happens (a transcript printed while the scenario runs).
    package var onEvent: ((ChatEvent) -> Void)?
    /// The messages shown when the conversation opened (seeds, greeting, the bot's opening).
    package let openingMessages: [Message]
    /// The grouping rules when the conversation opened (the bot's, then the scenario's).
    package let openingRules: GroupingRules

    /// Bot replies not yet checked by `expect_reply`, oldest first.
    var unreadReplies: [Message] = []
    /// The bot's edits not yet checked by `expect_edit` (the messages as edited), and its
    /// deletions not yet checked by `expect_delete` (the messages as they read before).
    var unreadEdits: [Message] = []
    var unreadDeletions: [Message] = []
    /// The bot's messages as last seen, to tell an edit or a deletion from other updates.
    var botMessages: [Int64: Message] = [:]
    /// Expectations about the next message added, with the line of the step that stated them.
    var layoutExpectations: [(location: SourceLocation, expectation: any NextMessageExpectation)] = []
    var failures: [ScenarioFailure] = []
    var currentLocation: SourceLocation?
    /// Set while a `them` step adds its message, which is not a bot reply.
    var isInjecting = false
    /// Handler traces since the last `me` step began: attached to a failure.
    var stepTraces: [HandlerTrace] = []
    /// Every handler trace of the run, with the step it happened in (`banter test --trace`).
    package internal(set) var traces: [(location: SourceLocation?, trace: HandlerTrace)] = []
    let headerFormatter: HeaderFormatter

    /// Opens a new conversation for the scenario in `store` (refusing a title that is
    /// taken) with the scenario's bot, start time, zone, seed and grouping rules; with
    /// `recordsCoverage`, the bot records which of its lines run.
    package convenience init(
        script: ScenarioScript, store: ChatStore, limits: ScriptLimits = .default, recordsCoverage: Bool = false
    ) throws(ScenarioError) {
        try self.init(script: script, store: store, limits: limits, recordsCoverage: recordsCoverage, loadedBots: nil)
    }

    /// The same, reusing the scenario's bot from `loadedBots` when it was loaded before (a
    /// worker running scenario after scenario; see `LoadedBotPool`); the bot's
    /// `chat:complete` calls go to `models` (the scenario's cassette).
    package init(
        script: ScenarioScript, store: ChatStore, limits: ScriptLimits = .default, recordsCoverage: Bool = false,
        loadedBots: LoadedBotPool?, models: (any ModelService)? = nil
    ) throws(ScenarioError) {
        let settings = script.settings
        let clock = VirtualClock(start: settings.start)
        var options = ChatSessionOptions(
            scriptLimits: limits, timeZone: settings.timeZone, randomSeed: settings.randomSeed)
        options.recordsCoverage = recordsCoverage
        options.loadedBots = loadedBots
        options.models = models
        options.initialBotMemory = settings.memory
        if let budget = settings.turnBudget { options.turnBudget = budget }
        let session: ChatSession
        do {
            session = try ChatSession(
                store: store, clock: clock, title: settings.title, botScriptPath: settings.botPath, mode: .createNew,
                options: options)
        } catch {
            switch error {
            case .conversationExists(let title): throw .conversationExists(title: title)
            case .script(let scriptError): throw .bot(scriptError)
            default: throw .store(error.description)
            }
        }
        // Traces cost little and tell a failing step which handler answered.
        session.tracesHandlers = true
        do {
            if let change = settings.grouping { try session.apply(change) }
            if let policy = settings.turnPolicy { try session.setTurnPolicy(policy) }
        } catch {
            throw .store(error.description)
        }
        self.script = script
        self.session = session
        self.clock = clock
        headerFormatter = HeaderFormatter(timeZone: settings.timeZone)
        openingMessages = session.messages
        openingRules = session.conversation.rules
        unreadReplies = session.openingReplies
        // The bot's errors while the conversation opened (`on_open`) fail the scenario there.
        failures = session.openingNotices.map {
            ScenarioFailure(
                location: script.declarationLocation, message: "the bot failed as the conversation opened: \($0)")
        }
    }

    /// Runs every step, then lets the bot finish what it scheduled. Returns the failed
    /// expectations (empty when the scenario passed); throws when a step or a predicate
    /// could not run.
    package func run() throws(ScenarioError) -> [ScenarioFailure] {
        try runSteps(script.steps.indices)
        return finishRun()
    }

    /// Runs the steps at `indices` of the script's (a whole run's, or a leaf's before or
    /// after its shared prefix, see `ScenarioRunner+Marks`).
    func runSteps(_ indices: Range<Int>) throws(ScenarioError) {
        session.onEvent = { [unowned self] event, _ in record(event) }
        defer { session.onEvent = nil }
        for step in script.steps[indices] {
            currentLocation = step.location
            try step.action.run(in: self, at: step.location)
        }
    }

    /// After the last step: a layout expectation no message met fails, and the bot finishes
    /// what it scheduled. The failures of the run.
    func finishRun() -> [ScenarioFailure] {
        session.onEvent = { [unowned self] event, _ in record(event) }
        defer { session.onEvent = nil }
        currentLocation = script.steps.last?.location
        for (location, expectation) in layoutExpectations {
            fail(location, "\(expectation.unmet), but no message followed")
        }
        layoutExpectations.removeAll()
        session.settle()
        return failures
    }

    /// Whether `message` is from a person of the group (`as "Bob" "…"`): not a bot reply.
    private func isFromAPerson(_ message: Message) -> Bool {
        guard let name = message.sender.participant else { return false }
        return session.participants.contains { $0.name == name && $0.kind != .bot }
    }

    private func record(_ event: ChatEvent) {
        timeline.append(TimedEvent(time: clock.now, event: event))
        switch event {
        case .messageAdded(let message):
            if message.role == .them && !isInjecting && !isFromAPerson(message) { unreadReplies.append(message) }
            if message.role == .them { botMessages[message.id] = message }
            checkLayout(of: message)
        case .messageUpdated(let message) where message.role == .them:
            noteBotChange(message)
        case .notice(let text):
            // Notices are the bot's errors (and store trouble): both fail the step.
            if let currentLocation { fail(currentLocation, "the bot failed: \(text)") }
        case .handlerTraced(let trace):
            stepTraces.append(trace)
            traces.append((currentLocation, trace))
        default:
            break
        }
        onEvent?(event)
    }

    /// Queues an edit or a deletion of one of the bot's messages for the expectations.
    private func noteBotChange(_ message: Message) {
        let before = botMessages[message.id]
        botMessages[message.id] = message
        guard let before, !isInjecting else { return }
        if message.isDeleted && !before.isDeleted {
            unreadDeletions.append(before)
        } else if message.editedAt != before.editedAt && !message.isDeleted {
            unreadEdits.append(message)
        }
    }

    /// Before the conversation goes to a new branch (`fork`, `retry`): what the bot said or
    /// changed on the branch left behind is no longer there to expect.
    func leaveBranch() {
        unreadReplies.removeAll()
        unreadEdits.removeAll()
        unreadDeletions.removeAll()
        layoutExpectations.removeAll()
    }

    func fail(_ location: SourceLocation, _ message: String) {
        failures.append(ScenarioFailure(location: location, message: message, traces: stepTraces))
    }
}
