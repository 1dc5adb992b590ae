import BanterCore
import BanterLua

/// The host functions that act on messages already sent: reactions, and the bot's edits
/// and deletions of its own messages. Each takes a `msg` table (one a handler received, or
/// one `chat:reply` returned) and names the function in its errors.
extension BotContext {
    func react(_ arguments: [LuaValue], adding: Bool) throws(LuaCallError) -> LuaReturn {
        let name = adding ? "chat:react" : "chat:unreact"
        guard currentRun != nil else { throw LuaCallError("\(name): can only be used inside a handler") }
        let id = try Self.messageID(arguments.first ?? .nil, "\(name): the message")
        guard let emoji = (arguments.count > 1 ? arguments[1] : .nil).stringValue, Reaction.isValidEmoji(emoji) else {
            throw LuaCallError("\(name): the reaction must be one emoji such as \"👍\" or \"❤️\"")
        }
        try hostCall(name) { host in _ = try host.botReacted(to: id, with: emoji, adding: adding) }
        return .none
    }

    func edit(_ arguments: [LuaValue]) throws(LuaCallError) -> Message {
        guard currentRun != nil else { throw LuaCallError("chat:edit: can only be used inside a handler") }
        let id = try Self.messageID(arguments.first ?? .nil, "chat:edit: the message")
        guard let text = (arguments.count > 1 ? arguments[1] : .nil).stringValue else {
            throw LuaCallError("chat:edit: the new text must be a string")
        }
        guard text.count <= limits.maxReplyLength else {
            throw LuaCallError(
                "chat:edit: the text is \(text.count) characters long; the limit is \(limits.maxReplyLength)")
        }
        return try hostCall("chat:edit") { host in try host.botEdited(messageID: id, text: text) }
    }

    func delete(_ arguments: [LuaValue]) throws(LuaCallError) -> Message {
        guard currentRun != nil else { throw LuaCallError("chat:delete: can only be used inside a handler") }
        let id = try Self.messageID(arguments.first ?? .nil, "chat:delete: the message")
        return try hostCall("chat:delete") { host in try host.botDeleted(messageID: id) }
    }

    /// The id of a `msg` table (or a plain id number).
    static func messageID(_ value: LuaValue, _ place: String) throws(LuaCallError) -> Int64 {
        switch value {
        case .table(let table):
            if case .integer(let id) = table["id"] { return id }
        case .integer(let id):
            return id
        default:
            break
        }
        throw LuaCallError(
            "\(place) must be a message table (a handler's msg, or what chat:reply returned), got \(value.typeName)")
    }

    /// Calls the host, turning its refusal into the script's error.
    private func hostCall<Result>(_ name: String, _ body: (any BotHost) throws -> Result) throws(LuaCallError) -> Result
    {
        guard let host else { throw LuaCallError("\(name): the conversation is closed") }
        do {
            return try body(host)
        } catch {
            throw LuaCallError("\(name): \(error)")
        }
    }
}
