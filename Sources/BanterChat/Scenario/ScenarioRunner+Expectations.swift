import BanterCore
import BanterScript

/// Checking what the scenario expects: replies (with the clock moving through the bot's
/// work), silence, the layout of the next message, typing and delivery status.
extension ScenarioRunner {
    func expectReply(_ matcher: ReplyMatcher, within: Duration, at location: SourceLocation) throws(ScenarioError) {
        guard let reply = nextReply(deadline: clock.now + within) else {
            fail(location, "expected \(matcher) within \(DurationParser.format(within)), got no reply")
            return
        }
        let accepted: Bool
        do {
            accepted = try script.matches(matcher, text: reply.text, now: clock.now)
        } catch {
            throw .script(error)
        }
        if !accepted {
            fail(location, "expected \(matcher), got \(ScenarioText.quoted(reply.text))")
        }
    }

    /// Takes the oldest unchecked reply, moving the clock through the bot's scheduled work
    /// until one arrives; at the deadline without one, nil.
    private func nextReply(deadline: Timestamp) -> Message? {
        session.advance(to: deadline) { !unreadReplies.isEmpty }
        guard !unreadReplies.isEmpty else { return nil }
        return unreadReplies.removeFirst()
    }

    func expectNoReply(within duration: Duration, at location: SourceLocation) {
        session.advance(to: clock.now + duration)
        guard let first = unreadReplies.first else { return }
        let more = unreadReplies.count > 1 ? " (and \(unreadReplies.count - 1) more)" : ""
        fail(location, "expected no reply within \(DurationParser.format(duration)), got \(ScenarioText.quoted(first.text))\(more)")
        unreadReplies.removeAll()
    }

    func expectTyping(_ expected: Bool, at location: SourceLocation) {
        let typing = session.typingUntil.map { $0 > clock.now } ?? false
        guard typing != expected else { return }
        fail(location, expected
            ? "expected the typing indicator, but \(session.participant.name) is not typing"
            : "expected no typing indicator, but \(session.participant.name) is typing")
    }

    func expectStatus(_ expected: DeliveryStatus, at location: SourceLocation) {
        guard let newest = session.messages.last(where: { $0.sender == .me }) else {
            fail(location, "expected status \(expected.rawValue), but no message was sent")
            return
        }
        if newest.status != expected {
            fail(location, "expected status \(expected.rawValue) on \(ScenarioText.quoted(newest.text)), got \(newest.status.rawValue)")
        }
    }

    /// Checks the pending layout expectations against `message`, just added.
    func checkLayout(of message: Message) {
        guard !layoutExpectations.isEmpty else { return }
        let pending = layoutExpectations
        layoutExpectations.removeAll()
        let rules = session.conversation.rules
        let index = session.messages.firstIndex { $0.id == message.id }
        let previous = index.flatMap { $0 > 0 ? session.messages[$0 - 1] : nil }
        let items = Layout.items(for: [previous, message].compactMap { $0 }, rules: rules)
        let opensSection = previous == nil || items.dropFirst().contains { item in
            if case .sectionHeader = item { return true }
            return false
        }
        var continuesCluster = false
        if case .message(_, let position, _)? = items.last { continuesCluster = position == .last }
        let quoted = ScenarioText.quoted(message.text)
        for step in pending {
            switch step.action {
            case .expectSection(let header):
                guard opensSection else {
                    fail(step.location, "expected \(quoted) to open a section, but it follows \(ScenarioText.quoted(previous?.text ?? "")) in the same section")
                    continue
                }
                if let header {
                    var formatter = headerFormatter
                    formatter.pattern = rules.headerPattern
                    let actual = formatter.format(message.sentAt, now: clock.now)
                    if actual != header {
                        fail(step.location, "expected section \(ScenarioText.quoted(header)), got \(ScenarioText.quoted(actual))")
                    }
                }
            case .expectClusterBreak:
                if continuesCluster {
                    fail(step.location, "expected \(quoted) to start a new cluster, but it continues the cluster of \(ScenarioText.quoted(previous?.text ?? ""))")
                }
            case .expectSameCluster:
                if !continuesCluster {
                    fail(step.location, "expected \(quoted) to continue the cluster of \(ScenarioText.quoted(previous?.text ?? "")), but it starts a new one")
                }
            default:
                break
            }
        }
    }

    /// How a layout expectation reads in a failure.
    static func describe(_ action: ScenarioStep.Action) -> String {
        switch action {
        case .expectSection(let header?): "expected the next message to open section \(ScenarioText.quoted(header))"
        case .expectSection(nil): "expected the next message to open a section"
        case .expectClusterBreak: "expected the next message to start a new cluster"
        case .expectSameCluster: "expected the next message to continue the cluster"
        default: "expected a next message"
        }
    }
}
