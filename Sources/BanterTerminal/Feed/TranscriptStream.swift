import BanterCore

/// Lays messages out one at a time, as they arrive, making exactly the decisions
/// `Layout.items(for:rules:)` makes for the whole list: so a transcript printed message by
/// message reads the same as one rendered at once.
///
/// One thing is only known later: whether a message ends its cluster (and carries the tail)
/// depends on the next one. Each step therefore gives the previous message's final position
/// and the new one's provisional one.
struct TranscriptStream {
    /// The last message streamed.
    private(set) var last: Message?
    /// Whether `last` continued the cluster of the message before it.
    private var lastContinuesPrevious = false

    /// The last message's position until another message continues its cluster.
    var lastPosition: ClusterPosition {
        lastContinuesPrevious ? .last : .single
    }

    /// How one new message joins the transcript.
    struct Step: Hashable {
        /// A section header goes above the message.
        var startsSection: Bool
        /// The message continues the previous one's cluster (no blank line between them).
        var continuesCluster: Bool
        /// The previous message's final position, now that its successor is known.
        var previousPosition: ClusterPosition?
        /// The previous message's position as it was given before this step.
        var previousProvisionalPosition: ClusterPosition?
        /// The new message's position until another message continues its cluster.
        var position: ClusterPosition
        /// Whether this is the first message of the stream (nothing above it).
        var isFirst: Bool
    }

    /// Whether `message` can be streamed after what came so far; one that sorts earlier
    /// needs the whole transcript laid out again.
    func accepts(_ message: Message) -> Bool {
        guard let last else { return true }
        return Message.chronological(last, message)
    }

    /// Adds `message` (which must sort after `last`) and says how it is laid out.
    mutating func append(_ message: Message, rules: GroupingRules) -> Step {
        guard let previous = last else {
            last = message
            lastContinuesPrevious = false
            return Step(
                startsSection: true, continuesCluster: false, previousPosition: nil,
                previousProvisionalPosition: nil, position: .single, isFirst: true)
        }
        let boundary = rules.boundary(from: previous, to: message)
        let startsSection = boundary == .newSection
        let continues = boundary == .sameCluster
        let step = Step(
            startsSection: startsSection, continuesCluster: continues,
            previousPosition: ClusterPosition(continuesPrevious: lastContinuesPrevious, continuedByNext: continues),
            previousProvisionalPosition: ClusterPosition(
                continuesPrevious: lastContinuesPrevious, continuedByNext: false),
            position: ClusterPosition(continuesPrevious: continues, continuedByNext: false),
            isFirst: false)
        last = message
        lastContinuesPrevious = continues
        return step
    }

    /// Starts again after `messages` (already shown), so the next message is laid out
    /// against the last of them.
    mutating func reset(after messages: [Message], rules: GroupingRules) {
        self = TranscriptStream()
        for message in messages { _ = append(message, rules: rules) }
    }
}
