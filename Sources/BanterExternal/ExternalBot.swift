import BanterCore
import BanterLua
import BanterScript
import Foundation

/// A bot that is a program in any language, behind the same `ChatBot` seam as a Lua bot:
/// Banter starts it, writes each event as a line of JSON to its standard input with the
/// clock's `now`, and reads its actions, one JSON object a line, until `{"type":"done"}`.
/// The session waits for that marker before the clock moves on, so a scenario runs the
/// same every time. Delays, typing and timers become scheduled work on the session's clock,
/// as a Lua bot's waits do. What the program writes to standard error goes to the bot's log
/// (`/trace`).
///
/// A fault (the program ends, takes longer than its time limit for one event, writes a line
/// that is not an action, or floods) stops the program and reaches the host as one
/// `botFailed` line; the conversation carries on and `reload` starts the program again.
package final class ExternalBot: ChatBot {
    package let scriptPath: String
    package private(set) var definition: BotDefinition
    package let randomSeed: UInt64
    package private(set) var memory: [String: String]
    package var sourceFiles: [String] { command.sourceFiles }
    package var nextWakeTime: Timestamp? { scheduled.first?.due }

    private weak var host: (any BotHost)?
    private var command: BotCommand
    private var process: BotProcess?
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

    /// Whether the program has not answered an event yet: its first answer may also take
    /// `startAllowance`, since an interpreter's start-up (slow on a loaded machine) is not
    /// the bot's answer.
    private var isFresh = true
    static let startAllowance = Duration.seconds(10)

    /// The most actions one answer may hold before it counts as flooding.
    static let maximumActions = 1000

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

    /// Reads the bot at `scriptPath` (a program, or a `.toml` bot file naming one) and
    /// starts it; the error says why it cannot start.
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
        process = try Self.start(command, path: scriptPath)
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

    /// Starts the program again (after a fault, or to pick up a changed program): scheduled
    /// work is dropped, memory kept, and the new program is told the conversation opened.
    package func reload() throws(ScriptError) {
        let fresh = try BotCommand.read(scriptPath)
        let started = try Self.start(fresh, path: scriptPath)
        process?.stop()
        process = started
        isFresh = true
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

    /// Tells the program about `event`, reads its answer up to `done`, and puts the answer
    /// on the clock (what is due now runs at once).
    private func exchange(_ event: BotEvent) {
        guard let host else { return }
        if let stopped {
            if case .message = event { fail("\(name) is stopped (\(stopped)): /reload starts it again") }
            return
        }
        guard let process else { return }
        let now = host.now
        let deadline = ContinuousClock.now + command.timeLimit + (isFresh ? Self.startAllowance : .zero)
        isFresh = false
        guard process.write(event.line(now: now), before: deadline) else {
            return fault(ended(process, answering: event), process)
        }
        var actions: [BotAction] = []
        var bytes = 0
        reading: while true {
            switch process.readLine(before: deadline) {
            case .line(let line):
                bytes += line.utf8.count
                if line.allSatisfy(\.isWhitespace) { continue }
                let action: BotAction
                do {
                    action = try BotAction(line: line)
                } catch {
                    return fault("\(name) answered \(event.noun) with \(error.reason)", process)
                }
                if action == .done { break reading }
                actions.append(action)
                if actions.count > Self.maximumActions || bytes > BotProcess.maximumLineBytes * 4 {
                    return fault(
                        "\(name) flooded its output (more than \(Self.maximumActions) actions or 4 MiB without \"done\") in its answer to \(event.noun)",
                        process)
                }
            case .closed:
                return fault(ended(process, answering: event), process)
            case .timedOut:
                return fault(
                    "\(name) did not finish its answer to \(event.noun) within \(DurationParser.format(command.timeLimit)) (it must end each answer with {\"type\":\"done\"})",
                    process)
            case .tooLong:
                return fault(
                    "\(name) flooded its output (a line longer than 1 MiB) in its answer to \(event.noun)", process)
            }
        }
        logErrors(of: process)
        schedule(actions, from: now)
        runDue(now: now)
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
            try host?.saveMemory(key: key, json: json)
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

    /// Stops the program and says why, once; the session and the conversation carry on.
    private func fault(_ reason: String, _ process: BotProcess) {
        logErrors(of: process)
        process.stop()
        self.process = nil
        stopped = "after a fault"
        showTyping(until: nil)
        fail(reason + "; it was stopped, /reload starts it again")
    }

    /// How the program ended while answering, with the last thing it said on standard error.
    private func ended(_ process: BotProcess, answering event: BotEvent) -> String {
        // Its output closed, so it ended or is about to: stopping it lets the watch report how.
        process.stop()
        let how = process.ending(waitingUpTo: .seconds(2)) ?? "closed its output"
        let last = logErrors(of: process).last.map { " (its last error line: \(BotWire.excerpt($0)))" } ?? ""
        return "\(name) ended (\(how)) before finishing its answer to \(event.noun)\(last)"
    }

    /// Passes what the program wrote to standard error to the bot's log; returns the lines.
    @discardableResult
    private func logErrors(of process: BotProcess) -> [String] {
        let lines = process.takeErrorLines()
        for line in lines { host?.botLogged(line) }
        return lines
    }

    private func fail(_ reason: String) {
        host?.botFailed(ScriptError(reason: reason))
    }

    private var name: String { Self.fileName(scriptPath) }

    private static func fileName(_ path: String) -> String { URL(fileURLWithPath: path).lastPathComponent }

    private static func start(_ command: BotCommand, path: String) throws(ScriptError) -> BotProcess {
        do {
            return try BotProcess(command: command.command, directory: command.directory)
        } catch {
            throw ScriptError(file: fileName(path), reason: "cannot start \(command.command[0]): \(error)")
        }
    }

    private static func definition(of command: BotCommand, path: String) -> BotDefinition {
        BotDefinition(name: command.name, initial: command.initial, color: command.color, sourcePath: path)
    }
}
