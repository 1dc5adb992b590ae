/// `/quit` (or `/exit`): leaves the REPL.
struct QuitCommand: ReplCommandDefinition, Equatable {
    static let name = "quit"
    static let aliases = ["exit"]
    static let usage = "/quit"
    static let summary = "leave (Ctrl-D on an empty line too)"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> QuitCommand {
        try expectingNoArguments(arguments)
        return QuitCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome { .quit }
}
