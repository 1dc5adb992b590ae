import BanterChat
import BanterCore
import BanterScript

/// What the steps' expectations share: how a reply reads in a failure, waiting for the bot's
/// next reply, edit or deletion, and placing the next message for the layout expectations.
extension ScenarioRunner {
    /// A reply as failures show it: its text, then its file and quote when it has them.
    static func describeReply(_ reply: Message) -> String {
        var parts = [ScenarioText.quoted(reply.text)]
        if let attachment = reply.attachment { parts.append("with file \(ScenarioText.quoted(attachment.fileName))") }
        if let quote = reply.quote { parts.append("quoting \(ScenarioText.quoted(quote.excerpt))") }
        if let actions = ActionsExpectation.describe(reply.actions) { parts.append(actions) }
        for field in MessageField.all {
            if let key = field.scenarioKey, let value = describe(reply.fields[field]) {
                parts.append("with \(key) = \(value)")
            }
        }
        return parts.joined(separator: " ")
    }

    /// A declared field's value as an expectation or a failure shows it; nil for null.
    static func describe(_ value: FieldValue) -> String? {
        switch value {
        case .null: nil
        case .boolean(let flag): String(flag)
        case .integer(let number): String(number)
        case .text(let text): ScenarioText.quoted(text)
        case .json(let json): json
        }
    }

    /// Takes the oldest unchecked item of a queue (replies, edits, deletions), moving the
    /// clock through the bot's scheduled work until one arrives; at the deadline, nil.
    func next(from queue: ReferenceWritableKeyPath<ScenarioRunner, [Message]>, deadline: Timestamp) -> Message? {
        session.advance(to: deadline) { !self[keyPath: queue].isEmpty }
        guard !self[keyPath: queue].isEmpty else { return nil }
        return self[keyPath: queue].removeFirst()
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
        let opensSection =
            previous == nil
            || items.dropFirst().contains { item in
                if case .sectionHeader = item { return true }
                return false
            }
        var continuesCluster = false
        if case .message(_, let position, _)? = items.last { continuesCluster = position == .last }
        let next = NextMessage(
            message: message, previous: previous, rules: rules, opensSection: opensSection,
            continuesCluster: continuesCluster)
        for (location, expectation) in pending {
            if let failure = expectation.check(next, in: self) { fail(location, failure) }
        }
    }
}
