import BanterChat
import BanterCore
import BanterScript

/// A step that checks the next message added (how the layout places it) rather than the
/// conversation as it is: running it queues it, and the runner checks it when the next
/// message arrives, or fails it when none followed.
protocol NextMessageExpectation: ScenarioStepDefinition {
    /// What it expected, for the failure when no message followed.
    var unmet: String { get }
    /// Checks the message just added: the failure, or nil when the expectation holds.
    func check(_ next: NextMessage, in runner: ScenarioRunner) -> String?
}

extension NextMessageExpectation {
    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.layoutExpectations.append((location, self))
    }
}

/// The message just added, placed by the layout against the one before it.
struct NextMessage {
    var message: Message
    var previous: Message?
    /// The grouping rules it was placed by.
    var rules: GroupingRules
    var opensSection: Bool
    var continuesCluster: Bool

    /// Its text, quoted for a failure.
    var quoted: String { ScenarioText.quoted(message.text) }
    /// The previous message's text, quoted for a failure (`""` when there is none).
    var previousQuoted: String { ScenarioText.quoted(previous?.text ?? "") }
}
