import BanterCore
import CLua

extension LuaState {
    /// Pushes `message` as the table handlers receive: `{ text, id, at, from }`, plus
    /// `attachment`, `quote`, `reactions`, `edited` and `deleted` when the message has them.
    /// The common fields are built with constant keys straight on the Lua side (Lua caches
    /// the key strings), since it happens for every message the user sends.
    func pushMessage(_ message: Message, on thread: OpaquePointer) {
        lua_createtable(thread, 0, 4)
        pushString(message.text, on: thread)
        lua_setfield(thread, -2, "text")
        lua_pushinteger(thread, lua_Integer(message.id))
        lua_setfield(thread, -2, "id")
        lua_pushnumber(thread, Double(message.sentAt.millisecondsSince1970) / 1000)
        lua_setfield(thread, -2, "at")
        pushString(message.sender.rawValue, on: thread)
        lua_setfield(thread, -2, "from")
        for (key, value) in Self.kindFields(of: message) {
            push(value, on: thread)
            lua_setfield(thread, -2, key)
        }
    }

    /// A host function's return of one message table (what `chat:reply` gives back).
    func returnMessage(_ message: Message) throws(LuaCallError) -> LuaReturn {
        guard let thread = callingThread else { throw LuaCallError("internal error: no calling thread") }
        pushMessage(message, on: thread)
        return .pushed(1)
    }

    /// The reaction table `on_reaction` handlers receive: `{ emoji, from, added }`.
    func pushReaction(_ reaction: Reaction, added: Bool, on thread: OpaquePointer) {
        push(.table(LuaTable(fields: [
            "emoji": .string(reaction.emoji), "from": .string(reaction.sender.rawValue), "added": .boolean(added),
        ])), on: thread)
    }

    /// The optional fields of a message table, only for messages that have them.
    private static func kindFields(of message: Message) -> [(String, LuaValue)] {
        var fields: [(String, LuaValue)] = []
        if let attachment = message.attachment {
            var table: [String: LuaValue] = [
                "name": .string(attachment.fileName), "type": .string(attachment.mediaType),
                "size": .integer(Int64(attachment.byteCount)),
            ]
            if let size = attachment.pixelSize {
                table["width"] = .integer(Int64(size.width))
                table["height"] = .integer(Int64(size.height))
            }
            fields.append(("attachment", .table(LuaTable(fields: table))))
        }
        if let quote = message.quote {
            fields.append(("quote", .table(LuaTable(fields: [
                "id": .integer(quote.messageID), "from": .string(quote.sender.rawValue), "text": .string(quote.excerpt),
            ]))))
        }
        if !message.reactions.isEmpty {
            let list = message.reactions.map { reaction in
                LuaValue.table(LuaTable(fields: ["emoji": .string(reaction.emoji), "from": .string(reaction.sender.rawValue)]))
            }
            fields.append(("reactions", .table(LuaTable(array: list))))
        }
        if message.isEdited { fields.append(("edited", .boolean(true))) }
        if message.isDeleted { fields.append(("deleted", .boolean(true))) }
        return fields
    }
}
