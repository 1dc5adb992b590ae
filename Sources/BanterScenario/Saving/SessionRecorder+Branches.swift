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
        retrying = true
        defer { retrying = false }
        return body()
    }

    /// Follows the session to the branch it now shows; false when that is another
    /// conversation, or a branch the recording cannot place (start over then).
    func followBranch(of session: ChatSession) -> Bool {
        let retried = retrying
        retrying = false
        guard session.conversation.id == conversationID, let current = branchNumber,
            let branch = try? session.currentBranch()
        else { return false }
        guard branch.number != current else { return true }
        if let kept = branches[branch.number] {
            branches[current] = leave()
            enter(kept)
            branchNumber = branch.number
            return true
        }
        guard let forkID = branch.forkMessageID, let sending = sendingStep[forkID] else { return false }
        branches[current] = leave()
        let cut = sending + 1
        recording.steps.removeSubrange(cut...)
        if let index = seen.firstIndex(where: { $0.id == forkID }) { seen.removeSubrange((index + 1)...) }
        replyStepIndex = replyStepIndex.filter { $0.value < cut }
        sendingStep = sendingStep.filter { $0.value < cut }
        if retried { sendingStep[forkID] = recording.steps.count }
        let attempt =
            (try? session.branches())?.count(where: { $0.forkMessageID == forkID && $0.number <= branch.number }) ?? 1
        let kind: RecordedSession.Step.Kind = retried ? .retry(attempt: attempt) : .fork(attempt: attempt)
        recording.steps.append(.init(time: session.clock.now, kind: kind))
        branchNumber = branch.number
        return true
    }

    /// Every branch recorded, by number, the current one as it stands: one entry (the
    /// current branch) when the conversation never forked while recording.
    var recordedBranches: [Int: [RecordedSession.Step]] {
        var all = branches.mapValues(\.steps)
        all[branchNumber ?? 1] = recording.steps
        return all
    }

    private func leave() -> BranchRecording {
        BranchRecording(
            steps: recording.steps, seen: seen, replyStepIndex: replyStepIndex, sendingStep: sendingStep)
    }

    private func enter(_ branch: BranchRecording) {
        recording.steps = branch.steps
        seen = branch.seen
        replyStepIndex = branch.replyStepIndex
        sendingStep = branch.sendingStep
    }
}
