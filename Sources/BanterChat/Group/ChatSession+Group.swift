import BanterCore
import BanterScript
import BanterStore
import Foundation

/// Group conversations: participants besides the user and one other side, bots that speak
/// as themselves, people the user speaks for. A conversation becomes a group when someone is
/// invited into it; a two-party conversation stays exactly as it was until then.
extension ChatSession {
    /// Whether the open conversation is a group (it has participants of its own).
    package var isGroup: Bool { !participants.isEmpty }

    /// Every bot running in the open conversation: the two-party bot, or the group's bots in
    /// the order they joined (for coverage and the files live reload watches).
    package var runningBots: [any ChatBot] { (bot.map { [$0] } ?? []) + members.map(\.runtime) }

    /// The group's participants who have not left, in the order they joined.
    package var presentParticipants: [Participant] { participants.filter { !$0.hasLeft } }

    /// Invites the bot at `path` into the group (making the conversation one), under `name`
    /// or the name its script declares. A script that fails to load, or a name already in
    /// the group, changes nothing and says why.
    @discardableResult
    package func invite(botAt path: String, as name: String? = nil) throws(ChatError) -> Participant {
        guard side == .me else { throw .botWhileSpeakingAsThem }
        if let name { try checkNewName(name) }
        let path = Self.absolutePath(path)
        let member: GroupMember
        do {
            member = try GroupMember(
                participant: Participant(name: name ?? "", kind: .bot, scriptPath: path), scriptPath: path,
                session: self)
        } catch {
            throw .script(error)
        }
        let declared = member.runtime.definition.participant
        let chosen = name ?? declared.name
        try checkNewName(chosen)
        let joined = Participant(
            name: chosen, initial: name == nil ? declared.initial : nil, color: declared.color, kind: .bot,
            scriptPath: path)
        try join(joined)
        member.adopt(joined)
        members.append(member)
        member.runtime.conversationOpened(firstTime: false)
        return joined
    }

    /// Adds a person the user will speak for (`/as NAME`) to the group.
    @discardableResult
    package func invite(person name: String) throws(ChatError) -> Participant {
        try checkNewName(name)
        let joined = Participant(name: name, kind: .person)
        try join(joined)
        return joined
    }

    /// Takes `name` out of the group: their messages stay (with their name and colour), a bot
    /// stops running, and the name cannot be spoken as until they are invited again.
    package func kick(_ name: String) throws(ChatError) {
        let index = try presentIndex(of: name)
        var updated = participants
        updated[index].hasLeft = true
        try saveParticipants(updated)
        let leaving = participants[index]
        members.removeAll { $0.name == leaving.name }
        if typist?.name == leaving.name { botTyping(until: nil, as: typist) }
        try announce("\(leaving.name) left the group")
    }

    /// Adds a message from the person `name` of the group, as if they had written it
    /// (`/as NAME TEXT`); the group's bots hear it as a person's message.
    @discardableResult
    package func speak(as name: String, _ text: String) throws(ChatError) -> Message? {
        let speaker = try presentPerson(name)
        guard let message = try store(text, from: Sender(.them, participant: speaker.name)) else { return nil }
        markSeen(message)
        personSpoke(message)
        return message
    }

    /// Refuses to write as the group's person this session speaks as (`--as Bob`) when the
    /// conversation has no such person (any more): one clear error, nothing stored.
    package func checkWriter() throws(ChatError) {
        guard let name = options.participantName else { return }
        _ = try presentPerson(name)
    }

    /// The present person of the group called `name` (any case); a bot speaks for itself.
    private func presentPerson(_ name: String) throws(ChatError) -> Participant {
        let speaker = participants[try presentIndex(of: name)]
        guard speaker.kind != .bot else { throw .participantIsBot(speaker.name) }
        return speaker
    }

    /// Lets the bots of this session's group hear what a person wrote in another process
    /// (a second terminal speaking as them, `banter chat --as Bob`), as if written here.
    func heardFromOtherProcess(_ message: Message) {
        guard !members.isEmpty, message.role == .them, let name = message.sender.participant,
            participants.contains(where: { $0.name == name && $0.kind == .person })
        else { return }
        personSpoke(message)
    }

    // MARK: Inside the session

    /// Loads the bots of the open group (those who have not left), each under its own name.
    /// One that fails to load is left out with a notice; the group carries on without it.
    func loadMembers() -> [String] {
        members = []
        var failures: [String] = []
        guard side == .me else { return failures }
        for participant in participants where participant.kind == .bot && !participant.hasLeft {
            guard let path = participant.scriptPath else { continue }
            do {
                members.append(try GroupMember(participant: participant, scriptPath: path, session: self))
            } catch {
                failures.append(
                    "\(participant.name) (\(URL(fileURLWithPath: path).lastPathComponent)) did not load: \(error)")
            }
        }
        return failures
    }

    /// A person (the user, or someone the user speaks for) wrote `message`: the bot turns
    /// start again and every bot of the group hears it.
    func personSpoke(_ message: Message) {
        guard isGroup else { return }
        botTurns = 0
        hear(message)
    }

    /// A person picked a button in the group: the bot turns start again (the other bots do
    /// not hear the pick: it answers the bot that offered the button).
    func personPicked() {
        guard isGroup else { return }
        botTurns = 0
    }

    /// A bot of the group wrote `message`: the other bots hear it, until the turn budget
    /// (`ChatSessionOptions.turnBudget` bot messages without a person writing) is spent,
    /// which one system line says; a person's next message starts the count again.
    func botSpoke(_ message: Message) {
        botTurns += 1
        if botTurns == options.turnBudget {
            do {
                try announce(
                    "\(options.turnBudget) bot messages without a person: the bots wait until someone writes")
            } catch {
                publish(.notice("could not store the turn budget's line: \(error)"), from: .session)
            }
        }
        guard botTurns < options.turnBudget else { return }
        hear(message)
    }

    /// Lets the group's bots (all but its writer) hear `message` after those written before
    /// it: a reply a bot writes while hearing one waits for the others to hear that one
    /// first, so every bot answers a message before anyone answers the answers, and the
    /// order is the same on every run.
    private func hear(_ message: Message) {
        unheard.append(message)
        guard !isHanding else { return }
        isHanding = true
        defer { isHanding = false }
        while !unheard.isEmpty {
            let next = unheard.removeFirst()
            // Once the budget is spent, bot messages still waiting are not heard either.
            if isBot(next.sender.participant), botTurns >= options.turnBudget {
                continue
            }
            for member in listeners(for: next) { member.runtime.received(next) }
        }
    }

    /// The bots that hear `message` under the turn policy, in the order they answer (never
    /// its writer).
    private func listeners(for message: Message) -> [GroupMember] {
        let others = members.filter { $0.name != message.sender.participant }
        guard !others.isEmpty else { return [] }
        let mentioned = Participant.mentions(in: message.text, among: others.map(\.name)).compactMap { name in
            others.first { $0.name == name }
        }
        switch turnPolicy {
        case .all:
            return others
        case .mention:
            return mentioned
        case .roundRobin:
            // A bot's message goes to the bot after it; a person's to the bot whose turn it is.
            if let writer = members.firstIndex(where: { $0.name == message.sender.participant }) {
                return [members[(writer + 1) % members.count]]
            }
            for offset in 0..<members.count {
                let member = members[(nextTurn + offset) % members.count]
                guard member.name != message.sender.participant else { continue }
                nextTurn = (nextTurn + offset + 1) % members.count
                return [member]
            }
            return []
        case .natural:
            let chosen = others.filter { member in
                !mentioned.contains { $0 === member } && drawTurn() < member.runtime.definition.talkativeness
            }
            return mentioned + chosen
        case .manual:
            return []
        }
    }

    /// The next number in [0, 1) of the seeded random source (SplitMix64), so `natural`
    /// picks the same bots on every run with the same seed.
    private func drawTurn() -> Double {
        turnRandom &+= 0x9E37_79B9_7F4A_7C15
        var mixed = turnRandom
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        mixed ^= mixed >> 31
        return Double(mixed >> 11) / Double(1 << 53)
    }

    /// Whether `name` is a bot of the group.
    private func isBot(_ name: String?) -> Bool {
        participants.contains { $0.name == name && $0.kind == .bot }
    }

    /// Sets who answers messages in the group (stored with the conversation).
    package func setTurnPolicy(_ policy: TurnPolicy) throws(ChatError) {
        let conversationID = conversation.id
        try storing { () throws(StoreError) in try store.setTurnPolicy(policy, conversationID: conversationID) }
        turnPolicy = policy
        nextTurn = 0
    }

    /// Gives the bot `name` the turn (`/next NAME`): it hears the newest message it did not
    /// write, as if that message had just been written, whatever the turn policy.
    package func giveTurn(to name: String) throws(ChatError) {
        let index = try presentIndex(of: name)
        let chosen = participants[index]
        guard let member = members.first(where: { $0.name == chosen.name }) else {
            throw chosen.kind == .bot ? .botNotRunning(chosen.name) : .participantIsNotABot(chosen.name)
        }
        guard let newest = messages.last(where: { $0.role != .system && $0.sender.participant != chosen.name })
        else { return }
        publish(.turnGiven(chosen.name), from: .user)
        member.runtime.received(newest)
    }

    /// Becomes a group with `participant` in it: a two-party bot joins first under its own
    /// name (so it keeps answering, now as itself), then the newcomer; both are stored and
    /// announced with a system line.
    private func join(_ participant: Participant) throws(ChatError) {
        var updated = participants
        if updated.isEmpty, let bot, let path = conversation.botScriptPath {
            let present = Participant(
                name: bot.definition.participant.name, initial: bot.definition.participant.initial,
                color: bot.definition.participant.color, kind: .bot, scriptPath: path)
            if present.name != participant.name {
                do {
                    members.append(try GroupMember(participant: present, scriptPath: path, session: self))
                    updated.append(present)
                } catch {
                    publish(.notice("\(present.name) could not stay in the group: \(error)"), from: .session)
                }
            }
        }
        if let index = updated.firstIndex(where: { $0.name == participant.name }) {
            updated[index] = participant
        } else {
            updated.append(participant)
        }
        try saveParticipants(updated)
        if bot != nil {
            let conversationID = conversation.id
            try storing { () throws(StoreError) in try store.updateBotScript(nil, conversationID: conversationID) }
            conversation.botScriptPath = nil
            self.bot = nil
            botTyping(until: nil)
        }
        try announce("\(participant.name) joined the group")
    }

    private func saveParticipants(_ updated: [Participant]) throws(ChatError) {
        let conversationID = conversation.id
        try storing { () throws(StoreError) in try store.setParticipants(updated, conversationID: conversationID) }
        participants = updated
    }

    /// A stored system line about the group ("Quiz joined the group").
    private func announce(_ text: String) throws(ChatError) {
        let new = NewMessage(conversationID: conversation.id, sender: .system, text: text, sentAt: clock.now)
        let message = try storing { () throws(StoreError) in try store.append(contentsOf: [new])[0] }
        insertIntoWindow(message)
        publish(.messageAdded(message), from: .session)
    }

    /// Refuses a name that cannot be a participant's or is taken by someone in the group
    /// (someone who left may be invited again under their name).
    private func checkNewName(_ name: String) throws(ChatError) {
        guard Participant.isValidName(name) else { throw .invalidParticipantName(name) }
        if presentParticipants.contains(where: { $0.name.lowercased() == name.lowercased() }) {
            throw .participantNameTaken(name)
        }
    }

    /// The index in `participants` of the present participant called `name` (any case).
    func presentIndex(of name: String) throws(ChatError) -> Int {
        if let index = participants.firstIndex(where: { !$0.hasLeft && $0.name == name })
            ?? participants.firstIndex(where: { !$0.hasLeft && $0.name.lowercased() == name.lowercased() })
        {
            return index
        }
        throw .unknownParticipant(name: name, known: presentParticipants.map(\.name))
    }
}
