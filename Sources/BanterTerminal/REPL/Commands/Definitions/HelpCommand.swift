/// `/help [COMMAND]`: every command with its summary, or one command's usage.
struct HelpCommand: ReplCommandDefinition, Equatable {
    static let name = "help"
    static let usage = "/help [COMMAND]"
    static let summary = "list the commands, or explain one"

    /// The command asked about, without its slash; nil lists them all.
    var topic: String?

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        guard request.argumentIndex == 1 else { return .none }
        return .matching(ReplCommandTable.all.map { $0.name }, request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> HelpCommand {
        HelpCommand(topic: arguments.isEmpty ? nil : String(arguments.drop { $0 == "/" }).lowercased())
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        guard let topic else {
            repl.show(ReplCommandTable.helpLines().map(repl.painter.info))
            return .keepGoing
        }
        guard let definition = ReplCommandTable.named(topic) else {
            let hint = ReplCommandTable.nearestName(to: topic).map { "; did you mean /\($0)?" } ?? ""
            repl.showError("unknown command /\(topic)\(hint) (usage: /help lists the commands)")
            return .keepGoing
        }
        var lines = [definition.usage, "  " + definition.summary]
        if !definition.aliases.isEmpty {
            lines.append("  also: " + definition.aliases.map { "/" + $0 }.joined(separator: ", "))
        }
        repl.show(lines.map(repl.painter.info))
        return .keepGoing
    }
}
