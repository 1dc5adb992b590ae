import BanterCore
import BanterScript
import Foundation

/// Rasa's REST channel (`POST /webhooks/rest/webhook`): the user's message goes as
/// `{"message": TEXT, "sender": ID}`, and Rasa answers with a list of messages, each
/// `{"recipient_id", "text"}` with `buttons` (`{"title", "payload"}`) or `quick_replies`,
/// or `{"image": URL}`, `{"attachment": …}`, `{"custom": …}`.
enum RasaMessage {
    /// The request for `event`: the user's text, or a picked button's payload (Rasa reads
    /// "/intent" payloads as intents); nil for what Rasa has no word for (the conversation
    /// opening, timers, reactions, edits).
    static func body(for event: BotEvent, sender: String) -> String? {
        let text: String
        switch event {
        case .message(let message): text = message.text
        case .button(let choice, _, _): text = choice.button.payload
        case .opened, .timer, .reaction, .edit, .delete: return nil
        }
        var object = BotWire.ObjectWriter()
        object["sender"] = BotWire.string(sender)
        object["message"] = BotWire.string(text)
        return object.text
    }

    /// Rasa's answer as replies: each text a reply (its buttons and quick replies under
    /// it), each image or attachment a reply showing its address. A custom payload has no
    /// drawing in Banter: it goes to `log`.
    static func actions(from body: String, log: inout [String]) throws(BotWire.Problem) -> [BotAction] {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(body.utf8)), let list = parsed as? [Any] else {
            throw BotWire.Problem(
                "an answer that is not a JSON list of messages: \(BotWire.excerpt(body)) (Rasa's REST channel answers like [{\"recipient_id\":\"…\",\"text\":\"hi\"}])"
            )
        }
        var actions: [BotAction] = []
        for element in list {
            guard let message = element as? [String: Any] else {
                throw BotWire.Problem("a list holding something other than messages: \(excerpt(element))")
            }
            actions += try replies(in: message, log: &log)
        }
        return actions
    }

    private static func replies(in message: [String: Any], log: inout [String]) throws(BotWire.Problem) -> [BotAction] {
        var replies: [BotReply] = []
        if let value = message["text"] {
            guard let text = value as? String else {
                throw BotWire.Problem("a message whose \"text\" is not a string: \(excerpt(message))")
            }
            var reply = BotReply(text: text)
            let actions = MessageActions(
                buttons: try buttons(message["buttons"], "buttons", in: message),
                quickReplies: try buttons(message["quick_replies"], "quick_replies", in: message))
            if !actions.buttons.isEmpty || !actions.quickReplies.isEmpty {
                if let problem = actions.problem {
                    throw BotWire.Problem("buttons Banter cannot use (\(problem)): \(excerpt(message))")
                }
                reply.actions = actions
            }
            replies.append(reply)
        }
        for key in ["image", "attachment"] {
            guard let value = message[key] else { continue }
            replies.append(BotReply(text: value as? String ?? BotWire.text(value)))
        }
        if let custom = message["custom"] {
            log.append("Rasa sent a custom payload, which Banter does not draw: \(BotWire.text(custom))")
        }
        if replies.isEmpty && message["custom"] == nil {
            log.append("Rasa sent a message with nothing Banter draws: \(BotWire.text(message))")
        }
        return replies.map { .reply($0, after: .zero, typing: .none) }
    }

    /// Rasa's buttons (`{"title", "payload"}`) as Banter's; the payload is what a pick sends
    /// back.
    private static func buttons(_ value: Any?, _ key: String, in message: [String: Any]) throws(BotWire.Problem)
        -> [ActionButton]
    {
        guard let value else { return [] }
        guard let list = value as? [Any] else {
            throw BotWire.Problem("a message whose \"\(key)\" is not a list: \(excerpt(message))")
        }
        var buttons: [ActionButton] = []
        for entry in list {
            guard let button = entry as? [String: Any], let title = button["title"] as? String else {
                throw BotWire.Problem(
                    "a button without a \"title\" string (Rasa's are {\"title\":…,\"payload\":…}): \(excerpt(entry))")
            }
            let payload = button["payload"].map { $0 as? String ?? BotWire.text($0) }
            buttons.append(ActionButton(label: title, payload: payload, url: button["url"] as? String))
        }
        return buttons
    }

    private static func excerpt(_ value: Any) -> String { BotWire.excerpt(BotWire.text(value)) }
}
