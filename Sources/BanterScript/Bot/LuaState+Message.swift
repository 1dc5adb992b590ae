import BanterLua
import BanterCore
import CLua

extension LuaState {
    /// How many values `pushMessage` pushes.
    static let messageValueCount: Int32 = 5

    /// Pushes `message` as the values the bot support code builds a handler's `msg` table
    /// from (its `as_message`): text, id, at, from, and a table of the optional fields
    /// (`attachment`, `quote`, `reactions`, `edited`, `deleted`) or nil when it has none.
    /// The table itself is made on the Lua side, where its constructor is cheapest: this
    /// happens for every message the user sends and every reply.
    func pushMessage(_ message: Message, on thread: OpaquePointer) {
        pushString(message.text, on: thread)
        lua_pushinteger(thread, lua_Integer(message.id))
        lua_pushnumber(thread, Double(message.sentAt.millisecondsSince1970) / 1000)
        pushString(message.sender.rawValue, on: thread)
        let kinds = Self.kindFields(of: message)
        if kinds.isEmpty {
            lua_pushnil(thread)
        } else {
            push(.table(LuaTable(fields: kinds)), on: thread)
        }
    }

    /// A host function's return of one message (what `chat:reply` gives back), as the
    /// values of `pushMessage`.
    func returnMessage(_ message: Message) throws(LuaCallError) -> LuaReturn {
        guard let thread = callingThread else { throw LuaCallError("internal error: no calling thread") }
        pushMessage(message, on: thread)
        return .pushed(Self.messageValueCount)
    }

    /// The reaction table `on_reaction` handlers receive: `{ emoji, from, added }`.
    func pushReaction(_ reaction: Reaction, added: Bool, on thread: OpaquePointer) {
        push(.table(LuaTable(fields: [
            "emoji": .string(reaction.emoji), "from": .string(reaction.sender.rawValue), "added": .boolean(added),
        ])), on: thread)
    }

    /// The optional fields of a message table, only for messages that have them (a plain
    /// message allocates nothing here).
    private static func kindFields(of message: Message) -> [String: LuaValue] {
        var fields: [String: LuaValue] = [:]
        if let attachment = message.attachment {
            var table: [String: LuaValue] = [
                "name": .string(attachment.fileName), "type": .string(attachment.mediaType),
                "size": .integer(Int64(attachment.byteCount)),
            ]
            if let size = attachment.pixelSize {
                table["width"] = .integer(Int64(size.width))
                table["height"] = .integer(Int64(size.height))
            }
            fields["attachment"] = .table(LuaTable(fields: table))
        }
        if let quote = message.quote {
            fields["quote"] = .table(LuaTable(fields: [
                "id": .integer(quote.messageID), "from": .string(quote.sender.rawValue), "text": .string(quote.excerpt),
            ]))
        }
        if !message.reactions.isEmpty {
            let list = message.reactions.map { reaction in
                LuaValue.table(LuaTable(fields: ["emoji": .string(reaction.emoji), "from": .string(reaction.sender.rawValue)]))
            }
            fields["reactions"] = .table(LuaTable(array: list))
        }
        if message.isEdited { fields["edited"] = .boolean(true) }
        if message.isDeleted { fields["deleted"] = .boolean(true) }
        return fields
    }
}
