import BanterChat
import BanterCore

/// `/turns [POLICY]`: shows or sets who answers a message in the group (all, mention,
/// round_robin, natural, manual).
struct TurnsCommand: ReplCommandDefinition, Equatable {
    static let name = "turns"
    static let usage = "/turns [all|mention|round_robin|natural|manual]"
    static let summary = "show or set which bots of the group answer a message"

    /// The policy to set; nil shows the current one.
    var policy: TurnPolicy?

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        request.argumentIndex == 1 ? .matching(TurnPolicy.allCases.map(\.rawValue), request.word) : .none
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> TurnsCommand {
        guard !arguments.isEmpty else { return TurnsCommand() }
        guard let policy = TurnPolicy(rawValue: arguments.lowercased()) else {
            throw CommandError(
                "\"\(arguments)\" is not a turn policy: write one of \(TurnPolicy.accepted)", usage: usage)
        }
        return TurnsCommand(policy: policy)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            if let policy { try session.setTurnPolicy(policy) }
            repl.info("turns: \(session.turnPolicy.rawValue) (\(session.turnPolicy.summary))")
        }
        return .keepGoing
    }
}
