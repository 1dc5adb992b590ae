import BanterCore
import BanterScript
import Foundation

/// Keeps what happens in a session, from when it starts (or another conversation is
/// opened), as a `RecordedSession` that `ScenarioWriter` turns into a scenario (`/save`).
/// It captures the bot's seed and its memory at the start, so the scenario replays the
/// session exactly. Feed it every event the session publishes, in order.
public final class SessionRecorder {
    public private(set) var recording: RecordedSession
    /// Message ids of replies already recorded, to tell `/as them` messages apart later.
    private var replyStepIndex: [Int64: Int] = [:]

    public init(session: ChatSession) {
        recording = Self.start(session)
    }

    /// Starts over on the session's open conversation, as it stands now. A conversation the
    /// session created starts at its creation, with the bot's replies to opening it; one
    /// that existed starts now, with the bot's memory as it is.
    private static func start(_ session: ChatSession) -> RecordedSession {
        let bot = session.bot
        let isNew = session.openedNewConversation
        let declared = bot?.definition.grouping ?? GroupingRules()
        let rules = session.conversation.rules
        var recording = RecordedSession(
            botPath: bot?.scriptPath, start: isNew ? session.conversation.createdAt : session.clock.now,
            timeZone: session.options.timeZone, seed: bot?.randomSeed ?? session.options.randomSeed,
            memory: isNew ? session.options.initialBotMemory : bot?.memory ?? [:],
            grouping: rules == declared ? nil : rules, rules: rules)
        if isNew {
            recording.steps = session.openingReplies.map { .init(time: $0.sentAt, kind: .reply($0.text)) }
        }
        return recording
    }

    /// Adds what `event` shows to the recording.
    public func record(_ event: ChatEvent, in session: ChatSession) {
        let now = session.clock.now
        switch event {
        case .messageAdded(let message):
            if let header = sectionHeader(opening: message, in: session) {
                recording.steps.append(.init(time: message.sentAt, kind: .section(header: header)))
            }
            switch message.sender {
            case .me:
                recording.steps.append(.init(time: message.sentAt, kind: .me(message.text)))
            case .them where session.bot == nil:
                // No bot: the other side is a person (`/as them`, or `--as them` typing).
                recording.steps.append(.init(time: message.sentAt, kind: .them(message.text)))
            case .them:
                replyStepIndex[message.id] = recording.steps.count
                recording.steps.append(.init(time: message.sentAt, kind: .reply(message.text)))
            case .system:
                break
            }
        case .messageUpdated(let message) where message.sender == .me && message.status >= .delivered:
            recording.steps.append(.init(time: now, kind: .status(message.status)))
        case .typingStarted:
            recording.steps.append(.init(time: now, kind: .typing))
        case .rulesChanged(let rules):
            recording.steps.append(.init(time: now, kind: .grouping(rules)))
        case .conversationOpened:
            recording = Self.start(session)
            replyStepIndex.removeAll()
        default:
            break
        }
    }

    /// `message` came from the other side by hand (`/as them`), not from the bot.
    public func markInjected(_ message: Message) {
        guard let index = replyStepIndex.removeValue(forKey: message.id) else { return }
        recording.steps[index].kind = .them(message.text)
    }

    /// The header of the section `message` opens, if it opens one after an earlier message.
    private func sectionHeader(opening message: Message, in session: ChatSession) -> String? {
        guard let index = session.messages.firstIndex(where: { $0.id == message.id }), index > 0 else { return nil }
        let rules = session.conversation.rules
        let items = Layout.items(for: [session.messages[index - 1], message], rules: rules)
        let opens = items.dropFirst().contains { if case .sectionHeader = $0 { true } else { false } }
        guard opens else { return nil }
        let formatter = HeaderFormatter(pattern: rules.headerPattern, timeZone: session.options.timeZone)
        return formatter.format(message.sentAt, now: message.sentAt)
    }
}
