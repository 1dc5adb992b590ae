import BanterCore
import Foundation

/// The shape of what Banter posts to an HTTP bot and reads back.
enum HTTPBotFormat: String, CaseIterable, Hashable {
    /// Banter's own events, one a request (the JSON Lines protocol's event objects), answered
    /// with its actions: every event is posted, so timers, buttons and memory work.
    case events
    /// Rasa's REST channel: `{"sender", "message"}` for each message the user writes (a
    /// button pick sends its payload), answered with a list of `{"text", "buttons",
    /// "image", …}`.
    case rasa

    /// Rasa serves its channels at `/webhooks/NAME/webhook`; anything else speaks events.
    static func guess(for url: URL) -> HTTPBotFormat {
        let parts = url.path.split(separator: "/")
        return parts.count >= 3 && parts[parts.count - 3] == "webhooks" && parts.last == "webhook" ? .rasa : .events
    }

    /// The name a bot given by URL alone shows: "Rasa", or the host.
    func defaultName(for url: URL) -> String {
        switch self {
        case .rasa: "Rasa"
        case .events: url.host ?? url.absoluteString
        }
    }

    /// The body to post for `event` in the chat `conversation` names, or nil when this
    /// format has nothing to say about it (Rasa hears only what the user writes).
    func body(for event: BotEvent, now: Timestamp, conversation: String) -> String? {
        switch self {
        case .events: return event.line(now: now, conversation: conversation)
        case .rasa: return RasaMessage.body(for: event, sender: conversation)
        }
    }

    /// The actions in an answer's body; the error says what is wrong with it, for the bot's
    /// author. `log` gets what the answer holds that Banter does not draw.
    func actions(from body: String, log: inout [String]) throws(BotWire.Problem) -> [BotAction] {
        switch self {
        case .events: try Self.eventActions(from: body)
        case .rasa: try RasaMessage.actions(from: body, log: &log)
        }
    }

    /// An events answer: a JSON array of actions, or actions one a line (JSON Lines, a last
    /// `done` allowed), or nothing.
    private static func eventActions(from body: String) throws(BotWire.Problem) -> [BotAction] {
        let trimmed = body.trimmingCharacters(in: .whitespacesAndNewlines)
        var actions: [BotAction] = []
        if trimmed.hasPrefix("[") {
            guard let parsed = try? JSONSerialization.jsonObject(with: Data(trimmed.utf8)) as? [Any] else {
                throw BotWire.Problem(
                    "an answer that starts like a JSON array but is not one: \(BotWire.excerpt(trimmed))")
            }
            for element in parsed {
                guard let object = element as? [String: Any] else {
                    throw BotWire.Problem(
                        "a list holding something other than action objects: \(BotWire.excerpt(BotWire.text(element)))")
                }
                actions.append(try BotAction(object: object, as: BotWire.text(object)))
            }
        } else {
            for line in trimmed.split(separator: "\n") where !line.allSatisfy(\.isWhitespace) {
                actions.append(try BotAction(line: String(line)))
            }
        }
        if actions.last == .done { actions.removeLast() }
        guard !actions.contains(.done) else {
            throw BotWire.Problem("an answer with actions after {\"type\":\"done\"}")
        }
        return actions
    }
}
