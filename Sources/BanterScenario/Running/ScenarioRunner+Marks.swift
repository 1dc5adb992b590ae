import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// Running a scenario's leaves on one runner: the shared prefix (the steps before the first
/// `branch`) runs once, the state it leaves is marked, and each leaf after the first goes
/// back to that mark and runs only its own steps. What a leaf produces (its events,
/// failures, traces, transcript) is what running it on a runner of its own produces.
extension ScenarioRunner {
    /// Everything a run's outcome depends on, at the end of the shared prefix.
    package struct Mark {
        let session: ChatSession.Mark
        let scenarioState: LuaSnapshot
        let unreadReplies: [Message]
        let unreadEdits: [Message]
        let unreadDeletions: [Message]
        let botMessages: [Int64: Message]
        let layoutExpectations: [(location: SourceLocation, expectation: any NextMessageExpectation)]
        let failures: [ScenarioFailure]
        let currentLocation: SourceLocation?
        let stepTraces: [HandlerTrace]
        let traces: [(location: SourceLocation?, trace: HandlerTrace)]
        let timeline: [TimedEvent]
    }

    /// Runs the selected leaf's shared prefix and marks the state it leaves; nil (the
    /// prefix run all the same) when that state cannot be put back exactly (see
    /// `ChatSession.mark(named:)`; the scenario's Lua state must be a pooled one). Then call
    /// `runLeaf()`.
    package func runSharedPrefix() throws(ScenarioError) -> Mark? {
        try runSteps(0..<script.sharedStepCount)
        guard let scenarioState = script.state.snapshot() else { return nil }
        let session: ChatSession.Mark?
        do {
            session = try self.session.mark(named: "scenario_prefix")
        } catch {
            throw .store(error.description)
        }
        guard let session else { return nil }
        return Mark(
            session: session, scenarioState: scenarioState, unreadReplies: unreadReplies, unreadEdits: unreadEdits,
            unreadDeletions: unreadDeletions, botMessages: botMessages, layoutExpectations: layoutExpectations,
            failures: failures, currentLocation: currentLocation, stepTraces: stepTraces, traces: traces,
            timeline: timeline)
    }

    /// Runs the selected leaf's own steps (after its shared prefix) and finishes the run, as
    /// `run()` does. Returns the failed expectations.
    package func runLeaf() throws(ScenarioError) -> [ScenarioFailure] {
        try runSteps(script.sharedStepCount..<script.steps.count)
        return finishRun()
    }

    /// Goes back to `mark`, taken by `runSharedPrefix()` on this runner; false when it
    /// cannot (then the runner must not be used again). Select the next leaf first.
    package func restore(_ mark: Mark) throws(ScenarioError) -> Bool {
        let restored: Bool
        do {
            restored = try session.restore(mark.session)
        } catch {
            throw .store(error.description)
        }
        guard restored, script.state.restore(mark.scenarioState) else { return false }
        unreadReplies = mark.unreadReplies
        unreadEdits = mark.unreadEdits
        unreadDeletions = mark.unreadDeletions
        botMessages = mark.botMessages
        layoutExpectations = mark.layoutExpectations
        failures = mark.failures
        currentLocation = mark.currentLocation
        isInjecting = false
        stepTraces = mark.stepTraces
        traces = mark.traces
        timeline = mark.timeline
        onEvent = nil
        return true
    }
}
