import BanterCore
import BanterLua
import BanterScript
import BanterStore
import Foundation

/// Opening conversations and loading, switching and reloading bots.
extension ChatSession {
    /// Whether `open` may create the conversation, must find it, or must create it.
    package enum OpenMode: Hashable, Sendable {
        case openOrCreate, openExisting, createNew
    }

    /// Opens the conversation titled `title` and its bot.
    ///
    /// The bot is `botScriptPath` when given (and remembered for the conversation), else the
    /// one the conversation was last used with. A conversation created with a bot gets the
    /// bot's grouping rules, seed messages and greeting, once. An explicitly given bot that
    /// fails to load is an error and nothing changes; a remembered one that fails leaves the
    /// conversation open without a bot and says why in a notice. Speaking as the other side,
    /// no bot runs: an explicit one is refused, a remembered one is left alone (a notice says
    /// so, see `silencedBotNotice`).
    ///
    /// - Returns: whether the conversation was created.
    @discardableResult
    package func open(title: String, botScriptPath: String? = nil, mode: OpenMode) throws(ChatError) -> Bool {
        let title = title.trimmingWhitespace()
        guard !title.isEmpty else { throw .emptyTitle }
        isOpening = true
        openingNotices = []
        defer { isOpening = false }
        let existing = try storing { () throws(StoreError) in try store.conversation(titled: title) }
        switch (mode, existing) {
        case (.openExisting, nil): throw .noSuchConversation(title: title)
        case (.createNew, _?): throw .conversationExists(title: title)
        default: break
        }
        if botScriptPath != nil && side == .them { throw .botWhileSpeakingAsThem }
        let explicitPath = botScriptPath.map(Self.absolutePath)
        var target: Conversation
        let created: Bool
        if let existing {
            (target, created) = (existing, false)
        } else {
            // Another process may create the same title between the look-up and here: the
            // store decides atomically who creates it, and everyone else opens that one.
            let now = clock.now
            (target, created) = try storing { () throws(StoreError) in
                try store.openOrCreateConversation(
                    title: title, botScriptPath: explicitPath, rules: options.newConversationRules, createdAt: now)
            }
            if mode == .createNew && !created { throw .conversationExists(title: title) }
        }

        let previous = conversation
        conversation = target
        var runtime: (any ChatBot)?
        var loadFailure: ScriptError?
        if created, !options.initialBotMemory.isEmpty {
            let key = URL(fileURLWithPath: explicitPath ?? target.botScriptPath ?? "bot").lastPathComponent
            for (name, json) in options.initialBotMemory {
                try storing { () throws(StoreError) in
                    try store.setMemoryValue(json, conversationID: target.id, bot: key, key: name)
                }
            }
        }
        if side == .me, let path = explicitPath ?? target.botScriptPath {
            do {
                runtime = try BotLoader.load(path, options: options, host: self, pool: options.loadedBots)
            } catch {
                loadFailure = error
            }
        }
        if let loadFailure, explicitPath != nil {
            conversation = previous
            if created { _ = try? store.deleteConversationIfEmpty(id: target.id) }
            throw .script(loadFailure)
        }

        if let explicitPath, explicitPath != target.botScriptPath {
            try storing { () throws(StoreError) in try store.updateBotScript(explicitPath, conversationID: target.id) }
            target.botScriptPath = explicitPath
        }
        if created, let definition = runtime?.definition {
            if let rules = definition.grouping {
                try storing { () throws(StoreError) in try store.updateRules(rules, conversationID: target.id) }
                target.rules = rules
            }
            let opening = definition.openingMessages(now: clock.now, timeZone: options.timeZone).map {
                NewMessage(conversationID: target.id, sender: $0.sender, text: $0.text, sentAt: $0.sentAt)
            }
            try storing { () throws(StoreError) in try store.append(contentsOf: opening) }
        }

        if let declared = runtime?.definition.participant, declared != target.participant {
            try storing { () throws(StoreError) in try store.updateParticipant(declared, conversationID: target.id) }
            target.participant = declared
        }

        conversation = target
        bot = runtime
        participant = target.participant ?? Participant(name: target.title)
        typingUntil = nil
        typist = nil
        botTurns = 0
        branchDepths = [:]
        participants = try storing { () throws(StoreError) in try store.participants(conversationID: target.id) }
        turnPolicy = try storing { () throws(StoreError) in try store.turnPolicy(conversationID: target.id) }
        nextTurn = 0
        turnRandom = options.randomSeed
        let memberFailures = loadMembers()
        try loadLatestPage()
        if let newest = messages.last(where: { $0.role == .them }) { markSeen(newest) }
        // Notices the other process may have made so far belong to the old view.
        _ = try? store.hasExternalChanges()

        publish(.conversationOpened(target), from: .session)
        if let definition = runtime?.definition { publish(.botLoaded(definition.participant), from: .session) }
        if let loadFailure {
            publish(.notice("the bot of \"\(target.title)\" did not load: \(loadFailure)"), from: .session)
        }
        for failure in memberFailures { publish(.notice(failure), from: .session) }
        if let silencedBotNotice { publish(.notice(silencedBotNotice), from: .session) }
        let shownBefore = Set(messages.map(\.id))
        openedNewConversation = created
        runtime?.conversationOpened(firstTime: created)
        for member in members { member.runtime.conversationOpened(firstTime: false) }
        openingReplies = messages.filter { $0.role == .them && !shownBefore.contains($0.id) }
        return created
    }

    /// Why the open conversation's bot is not running, when this session speaks as the
    /// other side (the bot would speak for the person at the prompt); nil otherwise.
    package var silencedBotNotice: String? {
        guard side == .them, let path = conversation.botScriptPath else { return nil }
        let file = URL(fileURLWithPath: path).lastPathComponent
        return "you speak as \(participant.name) here, so the conversation's bot (\(file)) does not run"
    }

    /// Loads the bot at `path` into the open conversation, replacing the current one (whose
    /// scheduled work is dropped). On failure the current bot stays. Refused when speaking
    /// as the other side.
    package func loadBot(path: String) throws(ChatError) {
        guard side == .me else { throw .botWhileSpeakingAsThem }
        let path = Self.absolutePath(path)
        let runtime: any ChatBot
        do {
            runtime = try BotLoader.load(path, options: options, host: self)
        } catch {
            throw .script(error)
        }
        let conversationID = conversation.id
        try storing { () throws(StoreError) in try store.updateBotScript(path, conversationID: conversationID) }
        conversation.botScriptPath = path
        bot = runtime
        botTyping(until: nil)
        adopt(runtime.definition, previous: nil)
        runtime.conversationOpened(firstTime: false)
    }

    /// Loads the bot's script again (hot reload): its handlers are replaced, its memory kept.
    /// On failure the running version stays and the error is thrown; refused when speaking
    /// as the other side.
    package func reloadBot() throws(ChatError) {
        guard side == .me else { throw .botWhileSpeakingAsThem }
        guard let bot else { throw .noBot }
        let previous = bot.definition
        do {
            try bot.reload()
        } catch {
            throw .script(error)
        }
        (clock as? LiveClock)?.thaw() // a reload cancels a paused run
        adopt(bot.definition, previous: previous)
    }

    /// Takes on a (re)loaded bot's identity and, when the script changed them, its rules.
    private func adopt(_ definition: BotDefinition, previous: BotDefinition?) {
        participant = definition.participant
        if definition.participant != conversation.participant {
            do {
                try store.updateParticipant(definition.participant, conversationID: conversation.id)
                conversation.participant = definition.participant
            } catch {
                publish(.notice("the bot's name could not be saved: \(error)"), from: .session)
            }
        }
        if let rules = definition.grouping, rules != previous?.grouping, rules != conversation.rules {
            do {
                try setRules(rules, from: .bot)
            } catch {
                publish(.notice("the bot's grouping rules could not be saved: \(error)"), from: .session)
            }
        }
        publish(.botLoaded(definition.participant), from: .session)
    }

    /// Paths are stored absolute so that the conversation finds its bot from any folder (a
    /// bot's URL as given).
    static func absolutePath(_ path: String) -> String {
        BotAddress.resolved(path)
    }
}
