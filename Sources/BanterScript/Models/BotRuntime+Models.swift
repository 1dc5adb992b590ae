import BanterCore
import BanterLua

/// Handlers paused in `chat:complete`. On a virtual clock the runtime waits for the answer
/// right after the handler paused, so no time passes and a scenario stays deterministic; in
/// a live chat it looks again every `modelPollInterval` (the REPL wakes for it) and resumes
/// the handler once the answer is in.
extension BotRuntime {
    static let modelPollInterval: Duration = .milliseconds(50)

    /// The text streamed so far by the model calls in flight, newest call last.
    package var streamingText: String? {
        runs.last { $0.modelCall != nil }?.modelCall?.partialText
    }

    /// Resumes `run` with its model's answer if it is waiting for one that the runtime
    /// waits for, or whose answer is in.
    func resumeModelCall(of run: HandlerRun) {
        guard let call = run.modelCall else { return }
        let outcome: Result<String, ModelFailure>
        if call.waitsForAnswer {
            outcome = call.waitForOutcome()
        } else if let done = call.outcome {
            outcome = done
        } else {
            return
        }
        run.modelCall = nil
        run.modelCheckAt = nil
        if !call.waitsForAnswer { context.showTyping(until: nil) }
        let values = BotContext.answerValues(outcome)
        resume(run, trigger: .resumed, argumentCount: values.count) { [state = bot.state] thread in
            for value in values { state.push(value, on: thread) }
        }
    }

    /// Resumes every handler whose model answered, and looks again later at those still
    /// waiting (a live chat's poll).
    func resumeAnsweredModelCalls(now: Timestamp) {
        for run in runs where run.modelCall != nil {
            if run.modelCall?.outcome != nil {
                resumeModelCall(of: run)
            } else if let check = run.modelCheckAt, check <= now {
                run.modelCheckAt = now + Self.modelPollInterval
            }
        }
    }
}
