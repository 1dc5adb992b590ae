import BanterCore
import BanterLua
import BanterScript
import BanterStore
import Foundation

/// The session as the bot's host: the bot's replies, typing, receipts and memory go through
/// here into the store and out as events.
extension ChatSession: BotHost {
    package var now: Timestamp { clock.now }

    package var recordsCoverage: Bool { options.recordsCoverage }

    /// The language models `chat:complete` reaches (a live chat's endpoints, a scenario's cassette).
    package var models: (any ModelService)? { options.models }

    /// The newest messages of the conversation as shown (`chat:history_messages`).
    package func recentMessages(_ count: Int) -> [Message] { Array(messages.suffix(count)) }

    /// What a language model has streamed so far to the bot waiting for it (a live chat
    /// draws it under the transcript until the bot replies), if anything.
    package var modelDraft: String? {
        guard let text = (bot as? BotRuntime)?.streamingText, !text.isEmpty else { return nil }
        return text
    }

    /// Stores the reply (with its file, quote, buttons or card) as the other side's message, shows it, and
    /// counts it as seen: the person is looking at the chat the bot answers in.
    package func botReplied(_ reply: BotReply) throws -> Message {
        try storeReply(reply, from: .them)
    }

    /// Stores a bot's reply from `sender` (the other side, or a group's bot by name), shows
    /// it, counts it as seen, and lets the group's other bots hear it.
    func storeReply(_ reply: BotReply, from sender: Sender) throws(ChatError) -> Message {
        let quoted = try reply.quotedMessageID.map { id throws(ChatError) in try botTarget(id, for: .reply) }
        let message: Message
        if let file = reply.file {
            message = try storeAttachment(
                fileName: file.name, contents: file.contents, caption: reply.text, from: sender, quoting: quoted,
                actions: reply.actions)
        } else {
            var new = NewMessage(
                conversationID: conversation.id, sender: sender, text: reply.text, sentAt: clock.now,
                quote: quoted.map(Quote.init(quoting:)))
            new.fields[.actions] = reply.actions.map { .json($0.json) } ?? .null
            message = try storing { () throws(StoreError) in try store.append(contentsOf: [new])[0] }
            insertIntoWindow(message)
            publish(.messageAdded(message), from: .bot)
        }
        markSeen(message)
        if sender.participant != nil { botSpoke(message) }
        return message
    }

    /// The bot's reaction, under the same rules as a person's (`MessageAction`).
    package func botReacted(to messageID: Int64, with emoji: String, adding: Bool) throws -> Message {
        let target = try botTarget(messageID, for: .react)
        return try applyReaction(emoji, to: target, from: .them, change: adding ? .add : .remove).message
    }

    /// Edits one of the bot's own messages, as `/edit` does for the person.
    package func botEdited(messageID: Int64, text: String) throws -> Message {
        try applyEdit(try botTarget(messageID, for: .edit), text: text)
    }

    /// Deletes one of the bot's own messages, as `/delete` does for the person.
    package func botDeleted(messageID: Int64) throws -> Message {
        try applyDeletion(try botTarget(messageID, for: .delete))
    }

    /// The message of the open conversation a bot names by id, when the bot may act on it:
    /// the rules of `MessageAction` from the bot's side (its own messages for edits and
    /// deletions).
    func botTarget(_ id: Int64, for action: MessageAction) throws(ChatError) -> Message {
        let found = try storing { () throws(StoreError) in try store.message(id: id) }
        guard let found, found.conversationID == conversation.id else {
            throw .noSuchMessage("there is no message #\(id) in this conversation")
        }
        if let refusal = action.refusal(for: found, speakingAs: .them) { throw .messageNotAllowed(refusal) }
        return found
    }

    /// Starts or stops the typing indicator; stopping one that is not shown publishes
    /// nothing, so displays do not redraw for it.
    package func botTyping(until: Timestamp?) {
        botTyping(until: until, as: nil)
    }

    /// Starts or stops the typing indicator for `typist` (a group's bot; nil for the other
    /// side of a two-party conversation).
    func botTyping(until: Timestamp?, as typist: Participant?) {
        if let until {
            self.typist = typist
            typingUntil = until
            publish(.typingStarted(until: until), from: .bot)
        } else if typingUntil != nil, typist == self.typist {
            typingUntil = nil
            publish(.typingStopped, from: .bot)
        }
    }

    /// Moves the user's recent messages forward to `status`, newest first, stopping at the
    /// first one already there (statuses only move forward, so older ones are too).
    package func botMarked(_ status: DeliveryStatus) {
        for index in messages.indices.reversed() where messages[index].sender == .me {
            guard messages[index].status < status else { break }
            do {
                messages[index].status = try store.updateStatus(messageID: messages[index].id, to: status)
                publish(.messageUpdated(messages[index]), from: .bot)
            } catch {
                publish(.notice("could not store the delivery status: \(error)"), from: .bot)
                return
            }
        }
    }

    /// The bot's memory in this conversation, kept under the script's file name, so a bot
    /// moved to another folder still finds what it remembered.
    package func loadMemory() throws -> [String: String] {
        try store.allMemory(conversationID: conversation.id, bot: memoryKey)
    }

    /// Stores one key of the bot's memory at once, so a crash after a handler loses nothing
    /// it remembered.
    package func saveMemory(_ changes: [(key: String, json: String?)]) throws {
        try store.setMemoryValues(changes, conversationID: conversation.id, bot: memoryKey)
    }

    /// The error, with the bot's own frames on lines below it when there are several.
    package func botFailed(_ error: ScriptError) {
        publish(.notice(error.lines.joined(separator: "\n")), from: .bot)
    }

    /// A note outside a traced run (a traced run's notes are in its trace).
    package func botNoted(_ note: ScriptNote) {
        publish(.note(note.description), from: .bot)
    }

    /// What the bot `print`s: a bot author's debug output, shown as a note while `/trace` is
    /// on, dropped otherwise (a bot never writes to the terminal on its own).
    package func botLogged(_ line: String) {
        if tracesHandlers { publish(.note("print: " + line), from: .bot) }
    }

    /// Passes the trace on as an event: `/trace` and `banter test` decide how to show it.
    package func botTraced(_ trace: HandlerTrace) {
        publish(.handlerTraced(trace), from: .bot)
    }

    /// Takes back what a restarted run sent: gone from the store and the window, which is
    /// drawn again.
    package func botRetracted(messageIDs: [Int64]) throws {
        try storing { () throws(StoreError) in try store.removeMessages(ids: messageIDs) }
        let removed = Set(messageIDs)
        messages.removeAll { removed.contains($0.id) }
        publish(.messagesRetracted(messageIDs), from: .bot)
    }

    /// The clock stands still while a handler is paused: no delayed reply or typing
    /// indicator moves on, and what the handler sends after it goes on is timed as if it
    /// had never paused.
    package func botPaused(_ stop: DebugStop) {
        (clock as? LiveClock)?.freeze()
        publish(.botPaused(stop), from: .bot)
    }

    /// Memory belongs to a conversation and a bot script, named by its file, so that two
    /// bots in one conversation keep theirs apart and a moved script keeps its memory.
    private var memoryKey: String {
        Self.memoryKey(scriptPath: conversation.botScriptPath)
    }

    /// The name a bot's memory is kept under: its script's file name (in a group too, so
    /// a bot invited into a group keeps what it remembered there; two copies of one script
    /// in a group share it).
    static func memoryKey(scriptPath: String?) -> String {
        BotAddress.fileName(scriptPath ?? "bot")
    }
}
