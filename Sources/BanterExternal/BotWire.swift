import BanterCore
import BanterScript
import Foundation

/// One thing that happened in the conversation, as an external bot is told it: one JSON
/// object on one line of its standard input (docs/external-bots.md, external-bot.schema.json).
enum BotEvent {
    case opened(firstTime: Bool, memory: [String: String])
    case message(Message)
    case timer(name: String, data: String)
    case button(ActionChoice, sourceID: Int64, Message)
    case reaction(Reaction, Message, added: Bool)
    case edit(Message)
    case delete(Message)

    /// How a fault names the event ("its answer to a message").
    var noun: String {
        switch self {
        case .opened: "the conversation opening"
        case .message: "a message"
        case .timer(let name, _): "timer \"\(name)\""
        case .button: "a button pick"
        case .reaction: "a reaction"
        case .edit: "an edit"
        case .delete: "a deletion"
        }
    }

    /// The event as one line of JSON (keys sorted, so runs are byte for byte the same).
    /// Written by hand: it is every message's cost, and memory and timer data are JSON text
    /// already. An HTTP bot, which may serve many chats at once, is also told which
    /// `conversation` it is.
    func line(now: Timestamp, conversation: String? = nil) -> String {
        var object = BotWire.ObjectWriter()
        object["now"] = String(now.millisecondsSince1970)
        object["conversation"] = conversation.map(BotWire.string)
        switch self {
        case .opened(let firstTime, let memory):
            object["type"] = BotWire.string("opened")
            object["first_time"] = String(firstTime)
            var stored = BotWire.ObjectWriter()
            for (key, json) in memory { stored[key] = json }
            object["memory"] = stored.text
        case .message(let message):
            object["type"] = BotWire.string("message")
            object["message"] = BotWire.object(message)
        case .timer(let name, let data):
            object["type"] = BotWire.string("timer")
            object["name"] = BotWire.string(name)
            object["data"] = data
        case .button(let choice, let sourceID, let message):
            object["type"] = BotWire.string("button")
            object["label"] = BotWire.string(choice.button.label)
            object["payload"] = BotWire.string(choice.button.payload)
            object["source_id"] = String(sourceID)
            object["message"] = BotWire.object(message)
        case .reaction(let reaction, let message, let added):
            object["type"] = BotWire.string("reaction")
            object["emoji"] = BotWire.string(reaction.emoji)
            object["added"] = String(added)
            object["message"] = BotWire.object(message)
        case .edit(let message):
            object["type"] = BotWire.string("edit")
            object["message"] = BotWire.object(message)
        case .delete(let message):
            object["type"] = BotWire.string("delete")
            object["message"] = BotWire.object(message)
        }
        return object.text
    }
}

/// What an external bot asks for, one JSON object a line on its standard output, after an
/// event; `done` ends its answer to that event.
enum BotAction: Equatable {
    /// How long the typing indicator shows before a reply.
    enum Typing: Equatable {
        case none
        /// From the text's length at the bot's typing speed, as `typing = true` in Lua.
        case automatic
        case lasting(Duration)
    }

    case reply(BotReply, after: Duration, typing: Typing)
    /// Shows the indicator for this long (zero hides it).
    case typing(Duration)
    case status(DeliveryStatus)
    case react(messageID: Int64, emoji: String, added: Bool)
    case timer(name: String, after: Duration, data: String)
    /// Stores a memory key as JSON text, or deletes it (nil).
    case remember(key: String, json: String?)
    case done

    static let types = ["reply", "typing", "status", "react", "timer", "remember", "done"]
    /// The most actions one answer may hold before it counts as flooding.
    static let maximumInOneAnswer = 1000
    /// The most bytes one answer may take before it counts as flooding.
    static let maximumAnswerBytes = 4 << 20

    /// Reads one line the bot wrote; the error says what is wrong with it, for the bot's author.
    init(line: String) throws(BotWire.Problem) {
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
            let object = parsed as? [String: Any]
        else {
            throw BotWire.Problem(
                "a line that is not a JSON object: \(BotWire.excerpt(line)) (each line must be one object like {\"type\":\"reply\",\"text\":\"hi\"})"
            )
        }
        try self.init(object: object, as: line)
    }

    /// Reads one action given as a JSON object (`written` is how it was written, for the
    /// error).
    init(object: [String: Any], as written: String) throws(BotWire.Problem) {
        do {
            self = try Self.action(object)
        } catch {
            throw BotWire.Problem("an action Banter cannot use (\(error.reason)): \(BotWire.excerpt(written))")
        }
    }

    private static func action(_ object: [String: Any]) throws(BotWire.Problem) -> BotAction {
        let fields = BotWire.Fields(object: object)
        switch object["type"] as? String {
        case "reply":
            try fields.only(["type", "text", "after_ms", "typing", "typing_ms", "quote", "actions"])
            let text = try fields.string("text")
            let typing: Typing
            if let milliseconds = try fields.milliseconds("typing_ms") {
                typing = .lasting(milliseconds)
            } else {
                typing = try fields.bool("typing") == true ? .automatic : .none
            }
            var reply = BotReply(text: text, quotedMessageID: try fields.integer("quote"))
            if let actions = object["actions"] {
                guard let parsed = MessageActions(json: BotWire.text(actions)) else {
                    throw BotWire.Problem(
                        "reply: \"actions\" must be an object with buttons, quick_replies, card or final")
                }
                if let problem = parsed.problem { throw BotWire.Problem("reply: \(problem)") }
                reply.actions = parsed
            }
            return .reply(reply, after: try fields.milliseconds("after_ms") ?? .zero, typing: typing)
        case "typing":
            try fields.only(["type", "ms"])
            guard let duration = try fields.milliseconds("ms") else { throw BotWire.Problem("typing needs \"ms\"") }
            return .typing(duration)
        case "status":
            try fields.only(["type", "status"])
            switch try fields.string("status") {
            case "delivered": return .status(.delivered)
            case "read": return .status(.read)
            case let other:
                throw BotWire.Problem("status must be \"delivered\" or \"read\", not \(BotWire.excerpt(other))")
            }
        case "react":
            try fields.only(["type", "message_id", "emoji", "added"])
            guard let id = try fields.integer("message_id") else { throw BotWire.Problem("react needs \"message_id\"") }
            return .react(messageID: id, emoji: try fields.string("emoji"), added: try fields.bool("added") ?? true)
        case "timer":
            try fields.only(["type", "name", "after_ms", "data"])
            guard let after = try fields.milliseconds("after_ms") else {
                throw BotWire.Problem("timer needs \"after_ms\"")
            }
            return .timer(
                name: try fields.string("name"), after: after, data: BotWire.text(object["data"] ?? NSNull()))
        case "remember":
            try fields.only(["type", "key", "value"])
            let value = object["value"] ?? NSNull()
            return .remember(key: try fields.string("key"), json: value is NSNull ? nil : BotWire.text(value))
        case "done":
            return .done
        case let other:
            let named = other.map { "the type \(BotWire.excerpt($0)) is unknown" } ?? "it has no \"type\""
            throw BotWire.Problem("\(named); the types are \(BotAction.types.joined(separator: ", "))")
        }
    }
}

/// JSON in and out for the protocol: canonical text (sorted keys, slashes as written).
enum BotWire {
    /// Why a line from the bot cannot be used.
    struct Problem: Error {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// A message as events show it, as JSON text.
    static func object(_ message: Message) -> String {
        var object = ObjectWriter()
        object["id"] = String(message.id)
        object["text"] = string(message.text)
        object["from"] = string(message.sender.description)
        object["sent_at"] = String(message.sentAt.millisecondsSince1970)
        if let file = message.attachment?.fileName { object["file"] = string(file) }
        if let quote = message.quote { object["quote"] = String(quote.messageID) }
        return object.text
    }

    /// A JSON string literal.
    static func string(_ text: String) -> String { StringLiteralSyntax.json.quoted(text) }

    /// A JSON object from members whose values are JSON text already, written with its keys
    /// sorted.
    struct ObjectWriter {
        private var members: [(key: String, json: String)] = []

        subscript(key: String) -> String? {
            get { members.first { $0.key == key }?.json }
            set {
                members.removeAll { $0.key == key }
                if let newValue { members.append((key, newValue)) }
            }
        }

        var text: String {
            var output = "{"
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { output += "," }
                StringLiteralSyntax.json.appendQuoted(member.key, to: &output)
                output += ":"
                output += member.json
            }
            return output + "}"
        }
    }

    static func text(_ value: Any) -> String {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes, .fragmentsAllowed]
        guard let data = try? JSONSerialization.data(withJSONObject: value, options: options) else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }

    /// The start of what the bot wrote, safe to show: at most 60 characters, controls escaped.
    static func excerpt(_ text: String) -> String {
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return "'" + Sanitizer.sanitize(shown) + "'"
    }

    /// Typed reads of an action's fields.
    struct Fields {
        let object: [String: Any]
        private var type: String { object["type"] as? String ?? "action" }

        func only(_ known: [String]) throws(Problem) {
            for key in object.keys.sorted() where !known.contains(key) {
                throw Problem(
                    "\(type): unknown field \(BotWire.excerpt(key)) (it takes \(known.dropFirst().joined(separator: ", ")))"
                )
            }
        }

        func string(_ key: String) throws(Problem) -> String {
            guard let value = object[key] as? String else { throw Problem("\(type) needs \"\(key)\" as a string") }
            return value
        }

        func bool(_ key: String) throws(Problem) -> Bool? {
            guard let value = object[key] else { return nil }
            guard let flag = value as? Bool else { throw Problem("\(type): \"\(key)\" must be true or false") }
            return flag
        }

        func integer(_ key: String) throws(Problem) -> Int64? {
            guard let value = object[key] else { return nil }
            guard let number = value as? NSNumber, let exact = Int64(exactly: number.doubleValue)
            else { throw Problem("\(type): \"\(key)\" must be a whole number") }
            return exact
        }

        func milliseconds(_ key: String) throws(Problem) -> Duration? {
            guard let value = try integer(key) else { return nil }
            guard value >= 0, value <= 1_000_000_000_000 else {
                throw Problem("\(type): \"\(key)\" must be a number of milliseconds from 0")
            }
            return .milliseconds(value)
        }
    }
}
