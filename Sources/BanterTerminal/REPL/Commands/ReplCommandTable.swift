/// The REPL's commands, in the order `/help` lists them: the one place a command is
/// registered. Parsing, `/help`, Tab completion and "did you mean" all read this table.
enum ReplCommandTable {
    static let all: [any ReplCommandDefinition.Type] = [
        HelpCommand.self,
        BotCommand.self,
        ReloadCommand.self,
        ChatsCommand.self,
        OpenCommand.self,
        NewCommand.self,
        MoreCommand.self,
        GroupingCommand.self,
        AsOtherSideCommand.self,
        InviteCommand.self,
        KickCommand.self,
        WhoCommand.self,
        TurnsCommand.self,
        NextCommand.self,
        WaitCommand.self,
        SearchCommand.self,
        SaveCommand.self,
        TraceCommand.self,
        DebugCommand.self,
        BreakCommand.self,
        BreaksCommand.self,
        DeleteBreakCommand.self,
        AttachCommand.self,
        OpenAttachmentCommand.self,
        ReplyCommand.self,
        ReactCommand.self,
        TapCommand.self,
        EditCommand.self,
        DeleteCommand.self,
        ForkCommand.self,
        RetryCommand.self,
        BranchCommand.self,
        SwitchCommand.self,
        TreeCommand.self,
        SiblingCommand.self,
        CopyCommand.self,
        IdsCommand.self,
        ClearCommand.self,
        QuitCommand.self,
    ]

    /// The command called `name` (without the slash, lower case), by name or alias.
    static func named(_ name: String) -> (any ReplCommandDefinition.Type)? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The known name an unknown one was most likely meant as: the first that starts with
    /// it ("/gro"), else the closest within two typing mistakes ("/serach"); nil if none is close.
    static func nearestName(to name: String) -> String? {
        guard !name.isEmpty else { return nil }
        let names = all.flatMap { [$0.name] + $0.aliases }
        if let prefixed = names.first(where: { $0.hasPrefix(name) }) { return prefixed }
        // Between two as close, the one starting with the same letter ("/exti" is /exit, not /next).
        let scored = names.map { (name: $0, distance: editDistance(name, $0) * 2 + ($0.first == name.first ? 0 : 1)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance / 2 <= 2,
            best.distance / 2 < name.count
        else { return nil }
        return best.name
    }

    /// `/help`: one line per command, summaries aligned, then how typing works.
    static func helpLines() -> [String] {
        let names = all.map { "/" + $0.name }
        let width = names.map(\.count).max() ?? 0
        return all.map { definition in
            let name = "/" + definition.name
            return name + String(repeating: " ", count: width - name.count + 2) + definition.summary
        } + [
            "Type text and press Enter to send it; start with // to send text beginning with /.",
            "PageUp loads older messages, Tab completes, Ctrl-C clears the line, Ctrl-D quits.",
        ]
    }

    /// Levenshtein distance (insertions, deletions, substitutions) between two short words.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        var previous = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            previous = current
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
