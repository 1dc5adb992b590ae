import BanterCore
import BanterScript

/// Checking what the scenario expects: replies (with the clock moving through the bot's
/// work), silence, the layout of the next message, typing and delivery status.
extension ScenarioRunner {
    func expectReply(_ expected: ReplyExpectation, within: Duration, at location: SourceLocation) throws(ScenarioError) {
        guard let reply = next(from: \.unreadReplies, deadline: clock.now + within) else {
            fail(location, "expected \(expected) within \(DurationParser.format(within)), got no reply")
            return
        }
        let textAccepted: Bool
        do {
            textAccepted = try script.matches(expected.text, text: reply.text, now: clock.now)
        } catch {
            throw .script(error)
        }
        let fileAccepted = expected.fileName.map { $0 == reply.attachment?.fileName } ?? true
        let quoteAccepted = expected.quote.map { wanted in
            reply.quote.map { wanted.isEmpty || $0.excerpt == wanted } ?? false
        } ?? true
        let fieldsAccepted = MessageField.all.allSatisfy { field in
            expected.fields[field].isNull || expected.fields[field] == reply.fields[field]
        }
        if !(textAccepted && fileAccepted && quoteAccepted && fieldsAccepted) {
            fail(location, "expected \(expected), got \(Self.describeReply(reply))")
        }
    }

    /// A reply as failures show it: its text, then its file and quote when it has them.
    static func describeReply(_ reply: Message) -> String {
        var parts = [ScenarioText.quoted(reply.text)]
        if let attachment = reply.attachment { parts.append("with file \(ScenarioText.quoted(attachment.fileName))") }
        if let quote = reply.quote { parts.append("quoting \(ScenarioText.quoted(quote.excerpt))") }
        for field in MessageField.all {
            if let key = field.scenarioKey, let value = ReplyExpectation.describe(reply.fields[field]) {
                parts.append("with \(key) = \(value)")
            }
        }
        return parts.joined(separator: " ")
    }

    /// Takes the oldest unchecked item of a queue (replies, edits, deletions), moving the
    /// clock through the bot's scheduled work until one arrives; at the deadline, nil.
    private func next(from queue: ReferenceWritableKeyPath<ScenarioRunner, [Message]>, deadline: Timestamp) -> Message? {
        session.advance(to: deadline) { !self[keyPath: queue].isEmpty }
        guard !self[keyPath: queue].isEmpty else { return nil }
        return self[keyPath: queue].removeFirst()
    }

    func expectEdit(_ matcher: ReplyMatcher?, within: Duration, at location: SourceLocation) throws(ScenarioError) {
        let wanted = switch matcher {
        case .exact(let text)?: "an edit to \(ScenarioText.quoted(text))"
        case .pattern(let pattern)?: "an edit matching \(ScenarioText.quoted(pattern))"
        case .predicate?: "an edit accepted by the predicate"
        case nil: "an edit"
        }
        guard let edited = next(from: \.unreadEdits, deadline: clock.now + within) else {
            fail(location, "expected \(wanted) within \(DurationParser.format(within)), got no edit")
            return
        }
        do {
            if try !script.matches(matcher, text: edited.text, now: clock.now) {
                fail(location, "expected \(wanted), got an edit to \(ScenarioText.quoted(edited.text))")
            }
        } catch {
            throw .script(error)
        }
    }

    func expectDelete(_ text: String?, within: Duration, at location: SourceLocation) {
        let wanted = text.map { "a deletion of \(ScenarioText.quoted($0))" } ?? "a deletion"
        guard let deleted = next(from: \.unreadDeletions, deadline: clock.now + within) else {
            fail(location, "expected \(wanted) within \(DurationParser.format(within)), got no deletion")
            return
        }
        if let text, deleted.text != text {
            fail(location, "expected \(wanted), got a deletion of \(ScenarioText.quoted(deleted.text))")
        }
    }

    /// The bot's reaction on the user's `target`-th newest message, waiting for it through
    /// the bot's scheduled work.
    func expectReaction(_ emoji: String, target: Int, within: Duration, at location: SourceLocation) {
        let message: Message
        do {
            // Your own messages, newest first: the ones `.edit` counts.
            message = try session.resolve(.newestBut(target), for: .edit)
        } catch {
            fail(location, "expected reaction \(emoji) on your message -\(target), but you have not sent that many messages")
            return
        }
        func reacted() -> Message? {
            session.messages.last { $0.id == message.id }
        }
        let hasIt = { reacted()?.reactions.contains { $0.sender == .them && $0.emoji == emoji } ?? false }
        session.advance(to: clock.now + within) { hasIt() }
        guard !hasIt() else { return }
        let others = (reacted()?.reactions ?? []).filter { $0.sender == .them }.map(\.emoji)
        let got = others.isEmpty ? "no reaction" : others.joined(separator: " ")
        fail(location, "expected reaction \(emoji) on \(ScenarioText.quoted(message.text)) within \(DurationParser.format(within)), got \(got)")
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
