import BanterCore
import BanterLua

/// A bot that is a program, spoken to in JSON Lines: each event one line on its standard
/// input, its actions one line each on its standard output up to `{"type":"done"}`. A
/// fault stops it (it is killed), and `/reload` starts it again.
final class ProgramConnection: BotConnection {
    private let process: BotProcess
    private let timeLimit: Duration
    /// Whether the program has not answered an event yet: its first answer may also take
    /// `startAllowance`, since an interpreter's start-up (slow on a loaded machine) is not
    /// the bot's answer.
    private var isFresh = true
    /// Error lines read to explain an ending, not yet passed to the log.
    private var unreadErrors: [String] = []
    static let startAllowance = Duration.seconds(10)

    let staysStoppedAfterFault = true

    /// Starts `command` in `directory`; the error says why it cannot start.
    init(command: [String], directory: String, timeLimit: Duration) throws(BotProcess.StartFailure) {
        process = try BotProcess(command: command, directory: directory)
        self.timeLimit = timeLimit
    }

    func answer(_ event: BotEvent, now: Timestamp, name: String) -> Result<[BotAction], BotWire.Problem> {
        let deadline = ContinuousClock.now + timeLimit + (isFresh ? Self.startAllowance : .zero)
        isFresh = false
        guard process.write(event.line(now: now), before: deadline) else {
            return .failure(BotWire.Problem(ended(answering: event, name: name)))
        }
        var actions: [BotAction] = []
        var bytes = 0
        while true {
            switch process.readLine(before: deadline) {
            case .line(let line):
                bytes += line.utf8.count
                if line.allSatisfy(\.isWhitespace) { continue }
                let action: BotAction
                do {
                    action = try BotAction(line: line)
                } catch {
                    return .failure(BotWire.Problem("\(name) answered \(event.noun) with \(error.reason)"))
                }
                if action == .done { return .success(actions) }
                actions.append(action)
                if actions.count > BotAction.maximumInOneAnswer || bytes > BotAction.maximumAnswerBytes {
                    return .failure(
                        BotWire.Problem(
                            "\(name) flooded its output (more than \(BotAction.maximumInOneAnswer) actions or 4 MiB without \"done\") in its answer to \(event.noun)"
                        ))
                }
            case .closed:
                return .failure(BotWire.Problem(ended(answering: event, name: name)))
            case .timedOut:
                return .failure(
                    BotWire.Problem(
                        "\(name) did not finish its answer to \(event.noun) within \(DurationParser.format(timeLimit)) (it must end each answer with {\"type\":\"done\"})"
                    ))
            case .tooLong:
                return .failure(
                    BotWire.Problem(
                        "\(name) flooded its output (a line longer than 1 MiB) in its answer to \(event.noun)"))
            }
        }
    }

    /// What the program wrote to standard error so far.
    func takeLog() -> [String] {
        defer { unreadErrors = [] }
        return unreadErrors + process.takeErrorLines()
    }

    func stop() { process.stop() }

    /// How the program ended while answering, with the last thing it said on standard error
    /// (which goes to the log too).
    private func ended(answering event: BotEvent, name: String) -> String {
        // Its output closed, so it ended or is about to: stopping it lets the watch report how.
        process.stop()
        let how = process.ending(waitingUpTo: .seconds(2)) ?? "closed its output"
        let errors = process.takeErrorLines()
        unreadErrors += errors
        let last = errors.last.map { " (its last error line: \(BotWire.excerpt($0)))" } ?? ""
        return "\(name) ended (\(how)) before finishing its answer to \(event.noun)\(last)"
    }
}
