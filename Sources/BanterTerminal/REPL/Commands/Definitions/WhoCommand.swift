import BanterChat
import BanterCore
import Foundation

/// `/who`: who is in the conversation: you, then the group's bots and people in the order
/// they joined (who left, marked), or the other side of a two-party conversation.
struct WhoCommand: ReplCommandDefinition, Equatable {
    static let name = "who"
    static let usage = "/who"
    static let summary = "list who is in this conversation"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> WhoCommand {
        try expectingNoArguments(arguments)
        return WhoCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        for line in Self.lines(for: repl.session) { repl.info(line) }
        return .keepGoing
    }

    /// One line per participant.
    static func lines(for session: ChatSession) -> [String] {
        guard session.isGroup else {
            let bot = session.botScriptPath.map { " (bot, \(URL(fileURLWithPath: $0).lastPathComponent))" } ?? ""
            return ["you", "\(session.participant.name)\(bot)", "a two-party conversation: /invite makes it a group"]
        }
        var lines = ["you"]
        for participant in session.participants {
            var detail = participant.kind.rawValue
            if let path = participant.scriptPath { detail += ", " + URL(fileURLWithPath: path).lastPathComponent }
            if participant.hasLeft { detail += ", left" }
            lines.append("\(participant.initial) \(participant.name) (\(detail))")
        }
        lines.append("turns: \(session.turnPolicy.rawValue) (\(session.turnPolicy.summary))")
        return lines
    }
}
