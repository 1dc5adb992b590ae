import BanterChat
import BanterCore

/// `/reload`: loads the bot's script again; its memory stays.
struct ReloadCommand: ReplCommandDefinition, Equatable {
    static let name = "reload"
    static let usage = "/reload"
    static let summary = "load the bot's script again (its memory stays)"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> ReloadCommand {
        try expectingNoArguments(arguments)
        return ReloadCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            try session.reloadBot()
            repl.info("reloaded \(session.participant.name)")
        }
        return .keepGoing
    }
}
