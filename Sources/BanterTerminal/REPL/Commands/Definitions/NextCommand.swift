import BanterChat

/// `/next NAME`: gives a bot of the group the turn: it answers the newest message it did
/// not write (how `manual` turns go on; works under any policy).
struct NextCommand: ReplCommandDefinition, Equatable {
    static let name = "next"
    static let usage = "/next NAME"
    static let summary = "let a bot of the group answer the newest message (manual turns)"

    var participant: String

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> NextCommand {
        NextCommand(participant: try required(arguments, "the name of a bot in the group (/who lists them)"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in try session.giveTurn(to: participant) }
        return .keepGoing
    }
}
