import BanterCore
import Foundation

extension RecordedSession {
    /// A stretch of a stored conversation (an imported chat history, say) as a session that
    /// `ScenarioWriter` writes as a scenario without a bot (`banter scenario
    /// --from-conversation`): your messages are `me`, the other side's `them` (or, in a group,
    /// `as "name"`), with their real gaps between them, and the conversation's grouping rules.
    /// What a scenario cannot send (files, system lines, deleted messages) is kept as a
    /// comment at its place, so nothing is dropped silently.
    ///
    /// - Parameters:
    ///   - messages: the stretch, oldest first; read once.
    ///   - people: a group's people besides you (none for a two-party chat).
    package init(stretch messages: some Sequence<Message>, rules: GroupingRules, timeZone: TimeZone, people: [String]) {
        self.init(botPath: nil, start: Timestamp(millisecondsSince1970: 0), timeZone: timeZone, seed: 0, rules: rules)
        grouping = rules == GroupingRules() ? nil : rules
        self.people = people
        var started = false
        for message in messages {
            if !started {
                start = message.sentAt
                started = true
            }
            steps += Self.steps(for: message, inGroup: !people.isEmpty).map { Step(time: message.sentAt, kind: $0) }
        }
    }

    /// The steps that send `message`, or the comments that stand for what cannot be sent.
    private static func steps(for message: Message, inGroup: Bool) -> [Step.Kind] {
        let sender = message.sender
        let who = sender.role == .me ? "you" : sender.participant ?? "them"
        if message.isDeleted { return [.note("\(who): a deleted message")] }
        if sender.role == .system { return [.note("system: \(message.text)")] }
        var kinds: [Step.Kind] = []
        if let attachment = message.attachment {
            kinds.append(.note("\(who) sent the file \(attachment.fileName) (not carried into this scenario)"))
        }
        guard !message.text.isEmpty else { return kinds }
        switch sender.role {
        case .me: kinds.append(.me(SentMessage(text: message.text)))
        case .them:
            if inGroup, let name = sender.participant {
                kinds.append(.spokeAs(name: name, text: message.text))
            } else {
                kinds.append(.them(message.text))
            }
        case .system: break
        }
        return kinds
    }
}
