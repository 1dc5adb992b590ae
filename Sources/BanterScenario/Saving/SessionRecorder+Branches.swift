import BanterChat
import BanterCore

/// The recording of a conversation that branches (`/fork`, `/retry`, `/switch`, Alt-Left):
/// the recorder keeps each branch's steps from the start, the steps it shares with the branch
/// it forked from included, so that `/save` writes every branch explored as a `branch` of
/// one scenario (`ScenarioWriter.source(forBranches:)`). A branch forked at one of your
/// messages starts with `fork()` after the step that sent it; one `/retry` made starts with
/// `retry()` there. A fork the recording cannot cut at (a message from before it started,
/// or the other side's) starts the recording over on the new branch, as opening another
/// conversation does.
extension SessionRecorder {
    /// One branch's recording as it was when the chat left it.
    struct BranchRecording {
        var steps: [RecordedSession.Step]
        var seen: [Message]
        var replyStepIndex: [Int64: Int]
        var sendingStep: [Int64: Int]
    }

    /// Runs `body`, a `/retry`: the branch it makes starts with `retry()`, not `fork()`.
    package func retrying<Result>(_ body: () -> Result) -> Result {
        state.retrying = true
        defer { state.retrying = false }
        return body()
    }

    /// Follows the session to the branch it now shows; false when that is another
    /// conversation, or a branch the recording cannot place (start over then).
    func followBranch(of session: ChatSession) -> Bool {
        let retried = state.retrying
        state.retrying = false
        guard session.conversation.id == state.conversationID, let current = state.branchNumber,
            let branch = try? session.currentBranch()
        else { return false }
        guard branch.number != current else { return true }
        if let kept = state.branches[branch.number] {
            state.branches[current] = leave()
            enter(kept)
            state.branchNumber = branch.number
            return true
        }
        guard let forkID = branch.forkMessageID, let sending = state.sendingStep[forkID] else { return false }
        state.branches[current] = leave()
        let cut = sending + 1
        state.recording.steps.removeSubrange(cut...)
        if let index = state.seen.firstIndex(where: { $0.id == forkID }) { state.seen.removeSubrange((index + 1)...) }
        state.replyStepIndex = state.replyStepIndex.filter { $0.value < cut }
        state.sendingStep = state.sendingStep.filter { $0.value < cut }
        if retried { state.sendingStep[forkID] = state.recording.steps.count }
        let attempt =
            (try? session.branches())?.count(where: { $0.forkMessageID == forkID && $0.number <= branch.number }) ?? 1
        let kind: RecordedSession.Step.Kind = retried ? .retry(attempt: attempt) : .fork(attempt: attempt)
        state.recording.steps.append(.init(time: session.clock.now, kind: kind))
        state.branchNumber = branch.number
        return true
    }

    /// Every branch recorded, by number, the current one as it stands: one entry (the
    /// current branch) when the conversation never forked while recording.
    var recordedBranches: [Int: [RecordedSession.Step]] {
        var all = state.branches.mapValues(\.steps)
        all[state.branchNumber ?? 1] = state.recording.steps
        return all
    }

    private func leave() -> BranchRecording {
        BranchRecording(
            steps: state.recording.steps, seen: state.seen, replyStepIndex: state.replyStepIndex,
            sendingStep: state.sendingStep)
    }

    private func enter(_ branch: BranchRecording) {
        state.recording.steps = branch.steps
        state.seen = branch.seen
        state.replyStepIndex = branch.replyStepIndex
        state.sendingStep = branch.sendingStep
    }
}
