import BanterCore
import BanterLua
import Foundation

/// A bot behind an HTTP endpoint: each event it hears is posted in its format (Banter's
/// events, or Rasa's REST channel) and the answer's body read as its actions. The session
/// waits for the answer, at most the bot's time limit, as it waits for a program's `done`.
/// A fault (refused, slow, a status other than 2xx, a body that is not what the format
/// says) is one line, and the next event is posted again: a server that was down may be
/// up by then.
final class HTTPConnection: BotConnection {
    private let endpoint: HTTPEndpoint
    private let timeLimit: Duration
    /// Which chat this is to the server (Rasa's `sender`): fixed by the bot file, else new
    /// each time the bot starts.
    private let conversation: String
    private var log: [String] = []

    let staysStoppedAfterFault = false

    init(endpoint: HTTPEndpoint, timeLimit: Duration) {
        self.endpoint = endpoint
        self.timeLimit = timeLimit
        conversation = endpoint.conversation ?? "banter-" + String(UInt64.random(in: 0...UInt64.max), radix: 16)
    }

    func answer(_ event: BotEvent, now: Timestamp, name: String) -> Result<[BotAction], BotWire.Problem> {
        guard let body = endpoint.format.body(for: event, now: now, conversation: conversation) else {
            return .success([])
        }
        let answer: HTTPBotClient.Answer
        do {
            answer = try HTTPBotClient.post(body, to: endpoint.url, within: timeLimit)
        } catch {
            return .failure(BotWire.Problem("\(name) did not answer \(event.noun): \(error.reason)"))
        }
        guard (200..<300).contains(answer.status) else {
            let shown = answer.body.isEmpty ? "" : ": \(BotWire.excerpt(answer.body))"
            return .failure(
                BotWire.Problem(
                    "\(name) answered \(event.noun) with HTTP \(answer.status) \(answer.reason)\(shown)"))
        }
        do {
            let actions = try endpoint.format.actions(from: answer.body, log: &log)
            guard actions.count <= BotAction.maximumInOneAnswer else {
                return .failure(
                    BotWire.Problem(
                        "\(name) flooded its answer to \(event.noun) (more than \(BotAction.maximumInOneAnswer) actions)"
                    ))
            }
            return .success(actions)
        } catch {
            return .failure(BotWire.Problem("\(name) answered \(event.noun) with \(error.reason)"))
        }
    }

    func takeLog() -> [String] {
        defer { log = [] }
        return log
    }

    /// Nothing to end: the shared client keeps no connection of this bot's open for long.
    func stop() {}
}
