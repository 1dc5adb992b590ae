import BanterCore
import BanterLua
import BanterScript
import Foundation

/// A bot outside the sandbox, behind the same `ChatBot` seam as a Lua bot: a program in any
/// language (Banter starts it, writes each event as a line of JSON to its standard input
/// with the clock's `now`, and reads its actions, one JSON object a line, until
/// `{"type":"done"}`), or a bot behind an HTTP endpoint (each event posted, the answer its
/// actions; see `HTTPConnection`). The session waits for the whole answer before the clock
/// moves on, so a scenario runs the same every time. Delays, typing and timers become
/// scheduled work on the session's clock, as a Lua bot's waits do. What the program writes
/// to standard error goes to the bot's log (`/trace`).
///
/// A fault (the program ends, takes longer than its time limit for one event, writes a line
/// that is not an action, or floods; an HTTP bot is down, slow or answers garbage) reaches
/// the host as one `botFailed` line; the conversation carries on. A program is stopped and
/// `reload` starts it again; an HTTP bot is asked again at the next event.
package final class ExternalBot: ChatBot {
    package let scriptPath: String
    package private(set) var definition: BotDefinition
    package let randomSeed: UInt64
    package private(set) var memory: [String: String]
    package var sourceFiles: [String] { command.sourceFiles }
    package var nextWakeTime: Timestamp? { scheduled.first?.due }

    private weak var host: (any BotHost)?
    private var command: BotCommand
    private var connection: (any BotConnection)?
    /// Why the program is not running, once a fault stopped it.
    private var stopped: String?
    /// Work the bot's actions put on the clock, in (time, order) order.
    private var scheduled: [Step] = []
    private var nextOrder = 0
    /// Until when the bot's typing indicator shows, as last told to the host.
    private var typingUntil: Timestamp?
    /// Events that arrive while an answer is being applied (a host reacting synchronously),
    /// handled once it is done, never nested.
    private var isHandling = false
    private var deferred: [BotEvent] = []

    private struct Step {
        var due: Timestamp
        var order: Int
        var work: Work
    }

    private enum Work {
        case reply(BotReply)
        case typing(until: Timestamp?)
        case status(DeliveryStatus)
        case react(messageID: Int64, emoji: String, added: Bool)
        case timer(name: String, data: String)
    }

    /// Reads the bot at `scriptPath` (a program, a URL, or a `.toml` bot file naming one)
    /// and starts it; the error says why it cannot start.
    package init(scriptPath: String, host: any BotHost, randomSeed: UInt64 = 0) throws(ScriptError) {
        self.scriptPath = scriptPath
        self.host = host
        self.randomSeed = randomSeed
        command = try BotCommand.read(scriptPath)
        definition = Self.definition(of: command, path: scriptPath)
        do {
            memory = try host.loadMemory()
        } catch {
            throw ScriptError(file: Self.fileName(scriptPath), reason: "cannot load the bot's memory: \(error)")
        }
        connection = try Self.connect(command, path: scriptPath)
    }

    // MARK: ChatBot

    package func conversationOpened(firstTime: Bool) {
        handle(.opened(firstTime: firstTime, memory: memory))
    }

    package func received(_ message: Message) {
        handle(.message(message))
    }

    package func reacted(_ reaction: Reaction, to message: Message, added: Bool) {
        handle(.reaction(reaction, message, added: added))
    }

    package func changed(_ message: Message) {
        handle(message.isDeleted ? .delete(message) : .edit(message))
    }

    package func pressed(_ choice: ActionChoice, on sourceID: Int64, message: Message) {
        handle(.button(choice, sourceID: sourceID, message))
    }

    package func runDue(now: Timestamp) {
        while let step = scheduled.first, step.due <= now {
            scheduled.removeFirst()
            perform(step.work)
        }
    }

    package func cancelPausedRuns() {
        scheduled.removeAll()
        showTyping(until: nil)
    }

    /// Another branch: scheduled work is dropped and the program is told the conversation
    /// opened with that branch's memory, as after a reload.
    package func movedToBranch(memory: [String: String]) {
        cancelPausedRuns()
        self.memory = memory
        handle(.opened(firstTime: false, memory: memory))
    }

    /// Starts the program again, or reads the bot file's URL again (after a fault, or to pick
    /// up a change): scheduled work is dropped, memory kept, and the bot is told the
    /// conversation opened.
    package func reload() throws(ScriptError) {
        let fresh = try BotCommand.read(scriptPath)
        let started = try Self.connect(fresh, path: scriptPath)
        connection?.stop()
        connection = started
        command = fresh
        definition = Self.definition(of: fresh, path: scriptPath)
        stopped = nil
        cancelPausedRuns()
        handle(.opened(firstTime: false, memory: memory))
    }

    // MARK: Events

    private func handle(_ event: BotEvent) {
        guard !isHandling else {
            deferred.append(event)
            return
        }
        isHandling = true
        defer { isHandling = false }
        exchange(event)
        while !deferred.isEmpty { exchange(deferred.removeFirst()) }
    }

    /// Tells the bot about `event`, waits for its whole answer, and puts the answer on the
    /// clock (what is due now runs at once).
    private func exchange(_ event: BotEvent) {
        guard let host else { return }
        if let stopped {
            if case .message = event { fail("\(name) is stopped (\(stopped)): /reload starts it again") }
            return
        }
        guard let connection else { return }
        let now = host.now
        let answer = connection.answer(event, now: now, name: name)
        for line in connection.takeLog() { host.botLogged(line) }
        switch answer {
        case .success(let actions):
            schedule(actions, from: now)
            runDue(now: now)
        case .failure(let problem):
            fault(problem.reason, connection)
        }
    }

    /// Puts an answer on the clock in order, as a Lua handler's steps run: a reply waits its
    /// `after_ms`, shows typing, then is sent; a timer fires its event later without holding
    /// up what follows; memory is stored at once.
    private func schedule(_ actions: [BotAction], from now: Timestamp) {
        var time = now
        for action in actions {
            switch action {
            case .reply(let reply, let after, let typing):
                time += after
                let duration: Duration? =
                    switch typing {
                    case .none: nil
                    case .automatic: definition.typingDuration(for: reply.text)
                    case .lasting(let duration): duration
                    }
                if let duration, duration > .zero {
                    add(.typing(until: time + duration), at: time)
                    time += duration
                }
                add(.reply(reply), at: time)
            case .typing(let duration):
                add(.typing(until: duration > .zero ? time + duration : nil), at: time)
            case .status(let status):
                add(.status(status), at: time)
            case .react(let id, let emoji, let added):
                add(.react(messageID: id, emoji: emoji, added: added), at: time)
            case .timer(let name, let after, let data):
                add(.timer(name: name, data: data), at: time + after)
            case .remember(let key, let json):
                remember(key, json)
            case .done:
                break
            }
        }
    }

    private func add(_ work: Work, at due: Timestamp) {
        let step = Step(due: due, order: nextOrder, work: work)
        nextOrder += 1
        let index = scheduled.firstIndex { ($0.due, $0.order) > (due, step.order) } ?? scheduled.endIndex
        scheduled.insert(step, at: index)
    }

    private func perform(_ work: Work) {
        guard let host else { return }
        do {
            switch work {
            case .reply(let reply):
                showTyping(until: nil)
                _ = try host.botReplied(reply)
            case .typing(let until):
                showTyping(until: until)
            case .status(let status):
                host.botMarked(status)
            case .react(let id, let emoji, let added):
                _ = try host.botReacted(to: id, with: emoji, adding: added)
            case .timer(let name, let data):
                handle(.timer(name: name, data: data))
            }
        } catch {
            fail("\(name): \(error)")
        }
    }

    private func remember(_ key: String, _ json: String?) {
        guard memory[key] != json else { return }
        do {
            try host?.saveMemory([(key, json)])
            memory[key] = json
        } catch {
            fail("\(name): the bot's memory could not be saved: \(error)")
        }
    }

    private func showTyping(until time: Timestamp?) {
        guard time != nil || typingUntil != nil else { return }
        typingUntil = time
        host?.botTyping(until: time)
    }

    // MARK: Faults

    /// Says why the answer failed, once; a program is stopped, an HTTP bot asked again at
    /// the next event. The session and the conversation carry on.
    private func fault(_ reason: String, _ connection: any BotConnection) {
        showTyping(until: nil)
        guard connection.staysStoppedAfterFault else {
            return fail(reason + "; the next message is sent to it again")
        }
        connection.stop()
        self.connection = nil
        stopped = "after a fault"
        fail(reason + "; it was stopped, /reload starts it again")
    }

    private func fail(_ reason: String) {
        host?.botFailed(ScriptError(reason: reason))
    }

    /// How faults name the bot: its file, or its URL.
    private var name: String { Self.fileName(scriptPath) }

    private static func fileName(_ path: String) -> String {
        BotAddress.isURL(path) ? path : URL(fileURLWithPath: path).lastPathComponent
    }

    private static func connect(_ command: BotCommand, path: String) throws(ScriptError) -> any BotConnection {
        switch command.target {
        case .program(let words):
            do {
                return try ProgramConnection(command: words, directory: command.directory, timeLimit: command.timeLimit)
            } catch {
                throw ScriptError(file: fileName(path), reason: "cannot start \(words[0]): \(error)")
            }
        case .endpoint(let endpoint):
            return HTTPConnection(endpoint: endpoint, timeLimit: command.timeLimit)
        }
    }

    private static func definition(of command: BotCommand, path: String) -> BotDefinition {
        BotDefinition(name: command.name, initial: command.initial, color: command.color, sourcePath: path)
    }
}
