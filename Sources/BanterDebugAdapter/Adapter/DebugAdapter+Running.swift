import BanterChat
import BanterCore
import BanterScenario
import Foundation

/// Opening and running what is debugged, and what the session tells the client: the
/// conversation as `output`, a pause as `stopped` (then served until the bot goes on), the
/// end of a scenario as `exited` and `terminated`.
extension DebugAdapter {
    /// Opens the chat with `bot` or the scenario `scenario` (one of the two), armed with the
    /// breakpoints set so far unless `debugging` is off.
    func open(bot: String?, scenario: String?, messages: [String], debugging: Bool) throws(AdapterError) {
        let opened: DebuggedRun
        do {
            switch (bot, scenario) {
            case (let bot?, nil):
                let session = try launcher.openChat(bot)
                session.onEvent = { [unowned self] event, _ in handle(event) }
                opened = .chat(session, messages: messages)
            case (nil, let scenario?):
                let runner = try launcher.loadScenario(scenario)
                runner.onEvent = { [unowned self] event in handle(event) }
                opened = .scenario(runner)
            case (.some, .some):
                throw AdapterError("launch takes a bot or a scenario, not both")
            case (nil, nil):
                throw AdapterError(
                    "launch needs \"bot\": FILE (with \"messages\" to send) or \"scenario\": FILE, in its arguments or on banter debug's command line"
                )
            }
        } catch let error as AdapterError {
            throw error
        } catch {
            throw AdapterError("\(error)")
        }
        run = opened
        timeFormatter.timeZone = opened.session.options.timeZone
        opened.session.isDebugging = debugging
        breakpoints.apply(to: opened.session)
    }

    /// Starts the run once the client is configured: the chat's opening and messages, or the
    /// scenario's steps.
    func start() {
        switch run {
        case .chat(let session, let messages):
            for message in session.messages { show(message, in: session) }
            for notice in session.openingNotices { output(notice, category: "stderr") }
            for text in messages { send(text, in: session) }
        case .scenario(let runner):
            for message in runner.openingMessages { show(message, in: runner.session) }
            runScenario(runner)
        case nil:
            break
        }
    }

    /// Sends `text` to the chat's bot as the user and lets the bot finish what it scheduled,
    /// on the chat's virtual clock (pausing where a breakpoint says).
    func send(_ text: String, in session: ChatSession) {
        do {
            _ = try session.send(text)
        } catch {
            output("\(error)", category: "stderr")
            return
        }
        switch session.settle() {
        case .idle: break
        case .pendingBeyondHorizon(let time):
            output("the bot has more scheduled for \(timeFormatter.string(from: time.date))")
        case .stoppedAfterSteps(let steps):
            output("the bot kept scheduling work: stopped after \(steps) steps", category: "stderr")
        }
    }

    /// Runs the scenario, then says how it ended: its failures, `exited` and `terminated`.
    private func runScenario(_ runner: ScenarioRunner) {
        let status: Int
        do {
            let failures = try runner.run()
            for failure in failures { output("\(failure)", category: "stderr") }
            output(
                failures.isEmpty
                    ? "scenario passed"
                    : "scenario failed: \(failures.count) expectation\(failures.count == 1 ? "" : "s") not met")
            status = failures.isEmpty ? 0 : 1
        } catch {
            output("\(error)", category: "stderr")
            status = 2
        }
        send(event: "exited", DAP.ExitedEvent(exitCode: status))
        send(event: "terminated")
    }

    /// What the session published: messages and notices as `output`, a pause as `stopped`.
    func handle(_ event: ChatEvent) {
        guard let session else { return }
        switch event {
        case .messageAdded(let message): show(message, in: session)
        case .messageUpdated(let message) where message.isDeleted:
            output("(\(name(of: message, in: session)) deleted a message)")
        case .notice(let text): output(Sanitizer.sanitize(text), category: "stderr")
        case .note(let text): output(Sanitizer.sanitize(text))
        case .messagesRetracted(let ids):
            output("(\(ids.count) message\(ids.count == 1 ? "" : "s") taken back by restart)")
        case .botPaused(let stop): paused(stop, in: session)
        default: break
        }
    }

    /// Tells the client where the bot stopped and serves its requests until the bot goes on.
    /// A pause met while serving (a step that stopped again) is only reported: the loop
    /// already running serves it, so stepping never nests.
    private func paused(_ stop: DebugStop, in session: ChatSession) {
        handles.reset()
        var reason: String
        var hit: [Int]?
        switch stop.reason {
        case .breakpoint(let breakpoint):
            if case .line = breakpoint { reason = "breakpoint" } else { reason = "function breakpoint" }
            hit = breakpoints.id(of: breakpoint).map { [$0] }
        case .step: reason = "step"
        case .restart: reason = "restart"
        }
        send(
            event: "stopped",
            DAP.StoppedEvent(
                reason: reason, description: Sanitizer.sanitize(stop.summary), threadId: 1, allThreadsStopped: true,
                hitBreakpointIds: hit))
        guard !isServingPause else { return }
        isServingPause = true
        defer { isServingPause = false }
        while session.pause != nil {
            // The client went away while the bot was paused: nobody can let it go on.
            guard let request = nextRequest() else { exit(0) }
            handle(request)
        }
    }

    /// One message of the conversation as a line: time, who, text (sanitised: it is the bot's).
    private func show(_ message: Message, in session: ChatSession) {
        let text = Sanitizer.sanitize(message.isDeleted ? "(deleted)" : message.text, keepingNewlines: true)
        output(
            "[\(timeFormatter.string(from: message.sentAt.date))] \(name(of: message, in: session)): \(text)",
            category: "stdout")
    }

    private func name(of message: Message, in session: ChatSession) -> String {
        switch message.role {
        case .me: "me"
        case .them: Sanitizer.sanitize(message.sender.participant ?? session.participant.name)
        case .system: "system"
        }
    }
}
