import BanterCore
import BanterLua
import CLua

extension LuaState {
    /// How many values `pushMessage` pushes.
    static let messageValueCount: Int32 = 5

    /// Pushes `message` as the values the bot support code builds a handler's `msg` table
    /// from (its `as_message`): text, id, at, from, and a table of the optional fields
    /// (`attachment`, `quote`, `reactions`, `edited`, `deleted`, the declared fields of
    /// `MessageField.all` where they are set, and `mentions` when given) or nil when it has
    /// none.
    /// The table itself is made on the Lua side, where its constructor is cheapest: this
    /// happens for every message the user sends and every reply.
    func pushMessage(_ message: Message, mentions: [String]?, on thread: OpaquePointer) {
        pushString(message.text, on: thread)
        lua_pushinteger(thread, lua_Integer(message.id))
        lua_pushnumber(thread, Double(message.sentAt.millisecondsSince1970) / 1000)
        pushString(message.sender.role.rawValue, on: thread)
        var kinds = message.hasExtras ? Self.kindFields(of: message) : [:]
        if let mentions { kinds["mentions"] = .table(LuaTable(array: mentions.map { .string($0) })) }
        if kinds.isEmpty {
            lua_pushnil(thread)
        } else {
            push(.table(LuaTable(fields: kinds)), on: thread)
        }
    }

    /// The reaction table `on_reaction` handlers receive: `{ emoji, from, added }`.
    func pushReaction(_ reaction: Reaction, added: Bool, on thread: OpaquePointer) {
        push(
            .table(
                LuaTable(fields: [
                    "emoji": .string(reaction.emoji), "from": .string(reaction.sender.role.rawValue),
                    "added": .boolean(added),
                ])), on: thread)
    }

    /// The `msg.button` table of a pick: `{ label, payload, message, kind }`.
    func pushPress(_ choice: ActionChoice, on sourceID: Int64, thread: OpaquePointer) {
        push(
            .table(
                LuaTable(fields: [
                    "label": .string(choice.button.label), "payload": .string(choice.button.payload),
                    "message": .integer(sourceID), "kind": .string(choice.kind.rawValue),
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
            fields["quote"] = .table(
                LuaTable(fields: [
                    "id": .integer(quote.messageID), "from": .string(quote.sender.role.rawValue),
                    "text": .string(quote.excerpt),
                ]))
        }
        if !message.reactions.isEmpty {
            let list = message.reactions.map { reaction in
                LuaValue.table(
                    LuaTable(fields: ["emoji": .string(reaction.emoji), "from": .string(reaction.sender.role.rawValue)])
                )
            }
            fields["reactions"] = .table(LuaTable(array: list))
        }
        if message.isEdited { fields["edited"] = .boolean(true) }
        if message.isDeleted { fields["deleted"] = .boolean(true) }
        let declared = message.fields
        if !declared.isEmpty {
            for field in MessageField.all {
                switch (field.lua, Self.luaValue(declared[field])) {
                case (_, .nil): break
                case (.key(let key), let value): fields[key] = value
                case (.spread, .table(let table)): fields.merge(table.fields) { _, spread in spread }
                case (.spread, _): break
                }
            }
        }
        return fields
    }

    /// A declared field's value as Lua sees it: a structured value (JSON) as a table.
    static func luaValue(_ value: FieldValue) -> LuaValue {
        switch value {
        case .null: .nil
        case .boolean(let flag): .boolean(flag)
        case .integer(let number): .integer(number)
        case .text(let text): .string(text)
        case .json(let json): MemoryCodec.decode(json) ?? .nil
        }
    }
}
