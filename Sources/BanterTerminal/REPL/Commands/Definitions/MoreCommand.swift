/// `/more`: the previous page of messages (PageUp does the same).
struct MoreCommand: ReplCommandDefinition, Equatable {
    static let name = "more"
    static let usage = "/more"
    static let summary = "show the previous page of messages (also PageUp)"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> MoreCommand {
        try expectingNoArguments(arguments)
        return MoreCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        repl.display.showOlderPage()
        return .keepGoing
    }
}
