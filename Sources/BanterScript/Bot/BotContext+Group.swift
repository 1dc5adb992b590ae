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

    /// `msg.mentions`: the present participants the text mentions as `@Name`.
    func mentionedNames(_ arguments: [LuaValue]) -> LuaReturn {
        guard let text = arguments.first?.stringValue else { return .none }
        let names = (host?.participants ?? []).filter { !$0.hasLeft }.map(\.name)
        let mentioned = Participant.mentions(in: text, among: names)
        return .values([.table(LuaTable(array: mentioned.map { .string($0) }))])
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
