import BanterCore
import Foundation

/// What the user typed at the prompt: a message to send, a command, or nothing.
enum ReplInput: Sendable {
    case message(String)
    case command(any ReplCommandDefinition)
    case nothing

    /// Reads one line typed at the prompt.
    ///
    /// Text not starting with "/" is a message; "//" at the start sends a message that begins
    /// with "/" ("//shrug" sends "/shrug"). Command names are case-insensitive. Blank input
    /// is `.nothing`; an unknown command is an error naming it and the nearest known name.
    static func parse(_ line: String, context: ReplParseContext = ReplParseContext()) throws(CommandError) -> ReplInput
    {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .nothing }
        guard trimmed.hasPrefix("/") else { return .message(line) }
        if trimmed.hasPrefix("//") { return .message(String(trimmed.dropFirst())) }

        let body = trimmed.dropFirst()
        let name = String(body.prefix { !$0.isWhitespace }).lowercased()
        let arguments = String(body.dropFirst(name.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let definition = ReplCommandTable.named(name) else {
            let hint = ReplCommandTable.nearestName(to: name).map { "; did you mean /\($0)?" } ?? ""
            throw CommandError("unknown command /\(name)\(hint)", usage: "/help lists the commands")
        }
        var context = context
        context.name = name
        return .command(try definition.parse(arguments, context: context))
    }
}
