import BanterCore
import BanterLua

/// What a bot sees of a group: who is in it (`chat.participants`), who wrote a message
/// (`msg.sender`) and whom it mentions (`msg.mentions`). In a two-party conversation the
/// host has no participants: `chat.participants` is empty and mentions find nobody.
extension BotContext {
    /// `chat.participants`: everyone present, the user first.
    func participantList(_ arguments: [LuaValue]) -> LuaReturn {
        let present = (host?.participants ?? []).filter { !$0.hasLeft }
        guard !present.isEmpty else { return .values([.table(LuaTable())]) }
        let you = Participant(name: "you", initial: "Y", kind: .you)
        return .values([.table(LuaTable(array: ([you] + present).map { .table(Self.table(for: $0)) }))])
    }

    /// The participant called `name` as a `msg.sender` table; someone the group has no
    /// record of (an imported chat's) is a person by that name.
    func participantNamed(_ arguments: [LuaValue]) -> LuaReturn {
        guard let name = arguments.first?.stringValue else { return .none }
        let known = host?.participants.first { $0.name == name } ?? Participant(name: name, kind: .person)
        return .values([.table(Self.table(for: known))])
    }

    /// `msg.mentions`: the present participants the text mentions as `@Name`; nil when the
    /// text has no `@` (the field is then left out).
    func mentions(in message: Message) -> [String]? {
        // A scan of the bytes in place: `contains` on the UTF-8 view went through the
        // generic iterator, a thousand instructions a message.
        let hasAt =
            message.text.utf8.withContiguousStorageIfAvailable { $0.firstIndex(of: UInt8(ascii: "@")) != nil }
            ?? message.text.utf8.contains(UInt8(ascii: "@"))
        guard hasAt else { return nil }
        let names = (host?.participants ?? []).filter { !$0.hasLeft }.map(\.name)
        return Participant.mentions(in: message.text, among: names)
    }

    /// Pushes `message` as a handler receives it (`LuaState.pushMessage`), with its mentions.
    func push(_ message: Message, on state: LuaState, thread: OpaquePointer) {
        state.pushMessage(message, mentions: mentions(in: message), on: thread)
    }

    /// A host function's return of one message (what `chat:reply` gives back), as the
    /// values of `push`.
    func returnMessage(_ message: Message, on state: LuaState) throws(LuaCallError) -> LuaReturn {
        guard let thread = state.callingThread else { throw LuaCallError("internal error: no calling thread") }
        push(message, on: state, thread: thread)
        return .pushed(LuaState.messageValueCount)
    }

    static func table(for participant: Participant) -> LuaTable {
        var fields: [String: LuaValue] = [
            "name": .string(participant.name), "initial": .string(participant.initial),
            "kind": .string(participant.kind.rawValue), "is_bot": .boolean(participant.kind == .bot),
        ]
        if let color = participant.color { fields["color"] = .string(color) }
        return LuaTable(fields: fields)
    }
}
