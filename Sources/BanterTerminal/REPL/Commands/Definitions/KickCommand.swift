import BanterChat

/// `/kick NAME`: takes a bot or person out of the group; their messages stay.
struct KickCommand: ReplCommandDefinition, Equatable {
    static let name = "kick"
    static let usage = "/kick NAME"
    static let summary = "take a bot or person out of the group (their messages stay)"

    var participant: String

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> KickCommand {
        KickCommand(participant: try required(arguments, "the name of someone in the group (/who lists them)"))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in try session.kick(participant) }
        return .keepGoing
    }
}
