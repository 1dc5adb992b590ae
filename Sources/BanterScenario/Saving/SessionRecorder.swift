import BanterChat
import BanterCore
import BanterScript
import Foundation

/// Keeps what happens in a session, from when it starts (or another conversation is
/// opened), as a `RecordedSession` that `ScenarioWriter` turns into a scenario (`/save`).
/// It captures the bot's seed and its memory at the start, so the scenario replays the
/// session exactly. Feed it every event the session publishes, in order.
package final class SessionRecorder {
    /// Everything the recorder holds, as one value: `copy()` copies it whole and starting
    /// over makes a new one, so a field added here is never left out of either.
    struct State {
        var recording: RecordedSession
        /// Message ids of replies already recorded, to tell `/as them` messages apart later.
        var replyStepIndex: [Int64: Int] = [:]
        /// The conversation's messages since the recording started, as last seen: what an
        /// update changed, and how a replayed step counts its way to a message (`to = -N`).
        var seen: [Message]
        /// The index in `recording.steps` of the step that sent each of the user's messages
        /// (or asked again about it: `retry`), where a fork at that message cuts the recording.
        var sendingStep: [Int64: Int] = [:]
        /// The open conversation, to tell a branch change from another conversation opening.
        var conversationID: Int64
        /// The branch being recorded (its number), and every other one recorded since the
        /// conversation forked, as it was left (see `SessionRecorder+Branches`).
        var branchNumber: Int?
        var branches: [Int: BranchRecording] = [:]
        /// Set by `/retry` until the branch it makes opens: that branch asks again, not forks.
        var retrying = false
        /// Where the user's files were read from, by message id (`noteSource`).
        var sources: [Int64: String] = [:]
        /// Set when `/bot` switched bots, until the user's next message: the new bot's
        /// replies to being loaded (its `on_open` on a conversation it has not seen) cannot be
        /// replayed, because a scenario opens a new conversation, so they are kept as comments.
        var loadedIntoOpenConversation: Bool
        /// A group's participants and turn policy as last recorded, to see who joins or leaves.
        var knownParticipants: [Participant]
        var knownTurnPolicy: TurnPolicy
        /// How many language-model calls had ended when the recording started: the
        /// scenario's cassette holds only those after (`modelCassette`).
        var modelCallsBefore: Int

        /// The recording of `session`'s open conversation as it stands now (see `start`);
        /// `switchingBots` starts it for another bot (`/bot`).
        init(session: ChatSession, switchingBots: Bool = false) {
            recording = SessionRecorder.start(session, switchingBots: switchingBots)
            conversationID = session.conversation.id
            branchNumber = try? session.currentBranch().number
            seen =
                session.openedNewConversation && !switchingBots ? SessionRecorder.openingReplies(of: session) : []
            loadedIntoOpenConversation = switchingBots
            knownParticipants = session.participants
            knownTurnPolicy = session.turnPolicy
            modelCallsBefore = session.options.models?.answeredCount ?? 0
        }
    }

    /// What the recorder holds (see `State`).
    var state: State
    /// What was recorded so far, for `/save` and `banter crawl`.
    package var recording: RecordedSession { state.recording }

    /// Starts recording `session` from its open conversation as it stands now.
    package init(session: ChatSession) {
        state = State(session: session)
    }

    /// A recorder that goes on from where this one stands, on its own: `banter crawl` records
    /// every path from a copy of what it recorded as the conversation opened.
    func copy() -> SessionRecorder {
        SessionRecorder(state: state)
    }

    private init(state: State) {
        self.state = state
    }

    /// Starts over on the session's open conversation, as it stands now. A conversation the
    /// session created starts at its creation, with the bot's replies to opening it; one
    /// that existed starts now, with the bot's memory as it is.
    /// `switchingBots` starts on the conversation as it stands even when the session created it.
    private static func start(_ session: ChatSession, switchingBots: Bool = false) -> RecordedSession {
        let bot = session.bot
        let isNew = session.openedNewConversation && !switchingBots
        let declared = bot?.definition.grouping ?? GroupingRules()
        let rules = session.conversation.rules
        var recording = RecordedSession(
            botPath: bot?.scriptPath, start: isNew ? session.conversation.createdAt : session.clock.now,
            timeZone: session.options.timeZone, seed: bot?.randomSeed ?? session.options.randomSeed,
            memory: isNew ? session.options.initialBotMemory : bot?.memory ?? [:],
            grouping: rules == declared ? nil : rules, rules: rules)
        if isNew {
            recording.steps = openingReplies(of: session).map { .init(time: $0.sentAt, kind: .reply(reply($0))) }
        }
        if session.isGroup {
            let present = session.presentParticipants.compactMap { member(for: $0, in: session) }
            recording.group = .init(members: present, turns: session.turnPolicy, turnBudget: session.options.turnBudget)
        }
        return recording
    }

    /// What the bots said as a conversation the session created opened: the bot's replies
    /// to opening it, or in a group opened with its bots (`banter chat --bot a.lua --bot
    /// b.lua`) what they said as they joined, which the scenario's `participants` makes
    /// them say again.
    private static func openingReplies(of session: ChatSession) -> [Message] {
        guard session.isGroup else { return session.openingReplies }
        return session.messages.filter { isBot($0.sender, in: session) }
    }

    /// A participant as `participants { … }` writes them: a bot by its script (and its name
    /// when not the one the script declares), a person by name; nil for the user.
    private static func member(for participant: Participant, in session: ChatSession) -> RecordedSession.Member? {
        switch participant.kind {
        case .bot:
            guard let path = participant.scriptPath else { return nil }
            let declared = session.runningBots.first { $0.scriptPath == path }?.definition.participant.name
            return .bot(path: path, name: declared == participant.name ? nil : participant.name)
        case .person: return .person(participant.name)
        case .you, .system: return nil
        }
    }

    /// Whether `sender` is one of the group's bots.
    private static func isBot(_ sender: Sender, in session: ChatSession) -> Bool {
        guard sender.role == .them, let name = sender.participant else { return false }
        return session.participants.contains { $0.name == name && $0.kind == .bot }
    }

    /// Records who joined or left the group, and a changed turn policy, since the last look.
    private func recordGroupChanges(in session: ChatSession, at time: Timestamp) {
        guard session.participants != state.knownParticipants || session.turnPolicy != state.knownTurnPolicy else {
            return
        }
        let wasGroup = !state.knownParticipants.isEmpty
        let joined = session.presentParticipants.filter { participant in
            !state.knownParticipants.contains { $0.name == participant.name && !$0.hasLeft }
                // The two-party bot joins by itself when the chat becomes a group.
                && (wasGroup || participant.scriptPath == nil || participant.scriptPath != state.recording.botPath)
        }
        let members = joined.compactMap { Self.member(for: $0, in: session) }
        if !members.isEmpty { state.recording.steps.append(.init(time: time, kind: .joined(members))) }
        for participant in session.participants where participant.hasLeft {
            guard state.knownParticipants.contains(where: { $0.name == participant.name && !$0.hasLeft }) else {
                continue
            }
            let note =
                "\(participant.name) left the group here (/kick), which a scenario cannot do: the replay keeps them"
            state.recording.steps.append(.init(time: time, kind: .note(note)))
        }
        if session.turnPolicy != state.knownTurnPolicy && wasGroup {
            let note =
                "the turn policy became \(session.turnPolicy.rawValue) here (/turns), which a scenario sets only at its start"
            state.recording.steps.append(.init(time: time, kind: .note(note)))
        }
        state.knownParticipants = session.participants
        state.knownTurnPolicy = session.turnPolicy
    }

    /// Adds what `event` shows to the recording.
    package func record(_ event: ChatEvent, in session: ChatSession) {
        let now = session.clock.now
        recordGroupChanges(in: session, at: now)
        switch event {
        case .messageAdded(let message):
            if let header = sectionHeader(opening: message, in: session) {
                state.recording.steps.append(.init(time: message.sentAt, kind: .section(header: header)))
            }
            switch message.sender.role {
            case .me:
                state.loadedIntoOpenConversation = false
                let sent = sent(message)
                if let quote = message.quote, sent.quote == nil {
                    let note =
                        "the next message quoted \"\(quote.excerpt)\", which a scenario cannot point at (it quotes only the other side's messages since the start)"
                    state.recording.steps.append(.init(time: message.sentAt, kind: .note(note)))
                }
                state.sendingStep[message.id] = state.recording.steps.count
                state.recording.steps.append(.init(time: message.sentAt, kind: .me(sent)))
            case .them where Self.isBot(message.sender, in: session):
                state.replyStepIndex[message.id] = state.recording.steps.count
                state.recording.steps.append(.init(time: message.sentAt, kind: .reply(Self.reply(message))))
            case .them where message.sender.participant != nil:
                // A person of the group the user speaks for (`/as Bob …`).
                let text = message.text
                state.recording.steps.append(
                    .init(time: message.sentAt, kind: .spokeAs(name: message.sender.participant!, text: text)))
            case .them where session.bot == nil:
                // No bot: the other side is a person (`/as them`, or `--as them` typing).
                state.recording.steps.append(.init(time: message.sentAt, kind: .them(message.text)))
            case .them where state.loadedIntoOpenConversation:
                let note =
                    "the bot said \"\(message.text)\" when /bot loaded it; a replay opens a new conversation, so it is not expected"
                state.recording.steps.append(.init(time: message.sentAt, kind: .note(note)))
            case .them:
                state.replyStepIndex[message.id] = state.recording.steps.count
                state.recording.steps.append(.init(time: message.sentAt, kind: .reply(Self.reply(message))))
            case .system:
                break
            }
            if message.sender != .system { state.seen.append(message) }
        case .messageUpdated(let message):
            guard let index = state.seen.lastIndex(where: { $0.id == message.id }) else {
                if message.sender == .me && message.status >= .delivered && !state.loadedIntoOpenConversation {
                    state.recording.steps.append(.init(time: now, kind: .status(message.status)))
                }
                return
            }
            let before = state.seen[index]
            for kind in changes(from: before, to: message, botPresent: session.bot != nil) {
                state.recording.steps.append(.init(time: now, kind: kind))
            }
            state.seen[index] = message
        case .picked(let choice, let sourceID, let pick):
            guard let index = state.recording.steps.indices.last,
                case .me(var sent) = state.recording.steps[index].kind,
                sent.text == pick.text
            else { return }
            let target = position(of: sourceID, for: .tap)
            sent.tap = .init(
                label: choice.button.label, payload: choice.button.payload, target: target == 1 ? nil : target)
            state.recording.steps[index].kind = .me(sent)
        case .turnGiven(let name):
            state.recording.steps.append(.init(time: now, kind: .turnGiven(name)))
        case .typingStarted:
            state.recording.steps.append(.init(time: now, kind: .typing))
        case .rulesChanged(let rules):
            state.recording.steps.append(.init(time: now, kind: .grouping(rules)))
        case .conversationOpened:
            if !followBranch(of: session) { startOver(session) }
        case .botLoaded where session.bot?.scriptPath != state.recording.botPath:
            // A scenario has one bot: `/bot` with another one starts the recording again,
            // on the conversation as it stands, with the new bot's memory.
            startOver(session, switchingBots: true)
        default:
            break
        }
    }

    /// Forgets what was recorded and starts again on the session's open conversation.
    private func startOver(_ session: ChatSession, switchingBots: Bool = false) {
        state = State(session: session, switchingBots: switchingBots)
    }

    /// The language-model calls made since the recording started, as the saved scenario's
    /// cassette: not those of a conversation or branch left before it (`/new`, `/open`, a
    /// branch move the saved tree cannot follow, `/bot` with another bot), which its replay
    /// never makes. Nil when
    /// there were none.
    package func modelCassette(of session: ChatSession) -> String? {
        session.options.models?.cassetteText(skipping: state.modelCallsBefore)
    }

    /// The file of the message `id` was read from `path` (`/attach PATH`): `/save` refers to
    /// it there when it still holds the same bytes.
    package func noteSource(_ path: String, of id: Int64) {
        state.sources[id] = path
        for index in state.recording.steps.indices.reversed() {
            guard case .me(var sent) = state.recording.steps[index].kind, sent.file?.messageID == id else { continue }
            sent.file?.sourcePath = path
            state.recording.steps[index].kind = .me(sent)
            return
        }
    }

    /// The bot's message as `expect_reply` checks it.
    private static func reply(_ message: Message) -> RecordedSession.Reply {
        RecordedSession.Reply(
            text: message.text, fileName: message.attachment?.fileName, quote: message.quote?.excerpt,
            actions: message.actions, from: message.sender.participant)
    }

    /// The user's message as a `me` step: its file and which of the other side's messages
    /// it quotes, counted as the replay counts them.
    private func sent(_ message: Message) -> RecordedSession.SentMessage {
        var sent = RecordedSession.SentMessage(text: message.text)
        if let attachment = message.attachment {
            sent.file = .init(name: attachment.fileName, messageID: message.id, sourcePath: state.sources[message.id])
        }
        if let quote = message.quote {
            sent.quote = position(of: quote.messageID, for: .reply)
        }
        return sent
    }

    /// The steps an update stands for: a status moved on, the user's or the bot's
    /// reactions, an edit or a deletion.
    private func changes(from before: Message, to after: Message, botPresent: Bool) -> [RecordedSession.Step.Kind] {
        var kinds: [RecordedSession.Step.Kind] = []
        if after.sender == .me && after.status != before.status && after.status >= .delivered {
            kinds.append(.status(after.status))
        }
        let added = after.reactions.filter { new in
            !before.reactions.contains { $0.emoji == new.emoji && $0.sender == new.sender }
        }
        let removed = before.reactions.filter { old in
            !after.reactions.contains { $0.emoji == old.emoji && $0.sender == old.sender }
        }
        for reaction in added + removed {
            switch reaction.sender.role {
            case .me:
                if let target = position(of: before.id, for: .react) {
                    kinds.append(.react(reaction.emoji, target: target))
                } else {
                    kinds.append(
                        .note(
                            "you reacted \(reaction.emoji) to a message a scenario cannot point at (your own, or one from before this recording)"
                        ))
                }
            case .them where botPresent && added.contains(reaction) && before.sender == .me:
                if let target = position(of: before.id, for: .edit) {
                    kinds.append(.botReacted(reaction.emoji, target: target))
                }
            default:
                break
            }
        }
        if after.isDeleted && !before.isDeleted {
            switch before.sender.role {
            case .me:
                kinds.append(
                    position(of: before.id, for: .delete).map { .delete(target: $0) }
                        ?? .note("you deleted \"\(before.text)\", sent before this recording started"))
            case .them where botPresent: kinds.append(.botDeleted(before.text))
            default: kinds.append(.note("the other side deleted \"\(before.text)\""))
            }
        } else if after.editedAt != before.editedAt && !after.isDeleted {
            switch before.sender.role {
            case .me:
                kinds.append(
                    position(of: before.id, for: .edit).map { .edit(after.text, target: $0) }
                        ?? .note(
                            "you changed \"\(before.text)\", sent before this recording started, to \"\(after.text)\""))
            case .them where botPresent: kinds.append(.botEdited(after.text))
            default: kinds.append(.note("the other side changed a message to \"\(after.text)\""))
            }
        }
        return kinds
    }

    /// Where the message `id` stands among those `action` counts, newest first (1 is the
    /// newest), as a replayed `-N` counts; nil when it is not one of them or came before
    /// the recording.
    private func position(of id: Int64, for action: MessageAction) -> Int? {
        var count = 0
        for message in state.seen.reversed() where action.counts(message, speakingAs: .me) {
            count += 1
            if message.id == id { return count }
        }
        return nil
    }

    /// `message` came from the other side by hand (`/as them`), not from the bot.
    package func markInjected(_ message: Message) {
        guard let index = state.replyStepIndex.removeValue(forKey: message.id) else { return }
        state.recording.steps[index].kind = .them(message.text)
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
