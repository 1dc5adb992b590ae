/// `/clear`: clears the screen; the scrollback stays.
struct ClearCommand: ReplCommandDefinition, Equatable {
    static let name = "clear"
    static let usage = "/clear"
    static let summary = "clear the screen (the scrollback stays)"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> ClearCommand {
        try expectingNoArguments(arguments)
        return ClearCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        repl.display.clearScreen()
        return .keepGoing
    }
}
