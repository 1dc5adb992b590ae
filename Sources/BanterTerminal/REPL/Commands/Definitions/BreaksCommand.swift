import BanterChat

/// `/breaks`: the step debugger's breakpoints with their numbers (for `/delete-break N`).
struct BreaksCommand: ReplCommandDefinition, Equatable {
    static let name = "breaks"
    static let usage = "/breaks"
    static let summary = "list the breakpoints"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> BreaksCommand {
        try expectingNoArguments(arguments)
        return BreaksCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        guard !session.breakpoints.isEmpty else {
            repl.info("no breakpoints (/break FILE:LINE, /break on \"pattern\", /break reply)")
            return .keepGoing
        }
        for (number, breakpoint) in session.breakpoints { repl.info("\(number)  \(breakpoint)") }
        if !session.isDebugging { repl.info("debug is off: /debug on arms them") }
        return .keepGoing
    }
}
