import BanterChat
import BanterCore
import Foundation

/// `/invite BOT.lua [as NAME]` adds a bot to the group under its declared name or NAME;
/// `/invite NAME` adds a person the user speaks for with `/as NAME`. The first invitation
/// makes the conversation a group (a two-party bot stays in it, as itself).
struct InviteCommand: ReplCommandDefinition, Equatable {
    static let name = "invite"
    static let usage = "/invite BOT.lua [as NAME] | /invite NAME"
    static let summary = "add a bot (a .lua file) or a person to this conversation, making it a group"

    enum Guest: Equatable {
        case bot(path: String, name: String?)
        case person(String)
    }

    var guest: Guest

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        request.argumentIndex == 1 ? .files : .none
    }

    /// A first word ending in `.lua` or `.toml` (or holding a `/`) is a bot's file, optionally
    /// followed by `as NAME`; anything else is a person's name.
    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> InviteCommand {
        let text = try required(arguments, "a bot (a .lua script, a .toml bot file or ./program) or a person's name")
        let first = String(text.prefix { !$0.isWhitespace })
        guard first.lowercased().hasSuffix(".lua") || first.lowercased().hasSuffix(".toml") || first.contains("/")
        else {
            return InviteCommand(guest: .person(text))
        }
        let rest = text.dropFirst(first.count).trimmingCharacters(in: .whitespaces)
        if rest.isEmpty { return InviteCommand(guest: .bot(path: first, name: nil)) }
        let word = rest.prefix { !$0.isWhitespace }
        let name = rest.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
        guard word.lowercased() == "as", !name.isEmpty else {
            throw CommandError("after the bot's file comes \"as NAME\" or nothing, not \"\(rest)\"", usage: usage)
        }
        return InviteCommand(guest: .bot(path: first, name: name))
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            switch guest {
            case .bot(let path, let name):
                let joined = try session.invite(botAt: repl.expandingHome(path), as: name)
                repl.info("\(joined.name) joined from \(joined.scriptPath ?? path)")
            case .person(let name):
                let joined = try session.invite(person: name)
                repl.info("\(joined.name) joined: speak as them with /as \(joined.name) TEXT")
            }
        }
        return .keepGoing
    }
}
