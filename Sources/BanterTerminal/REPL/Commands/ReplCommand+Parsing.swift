import BanterCore
import Foundation

extension ReplCommand {
    /// Reads one line typed at the prompt.
    ///
    /// Text not starting with "/" is a message; "//" at the start sends a message that begins
    /// with "/" ("//shrug" sends "/shrug"). Command names are case-insensitive. Blank input
    /// is `.nothing`.
    ///
    /// - Parameter side: the side the person speaks for; `/as` names the opposite one.
    public static func parse(_ line: String, side: Side = .me) throws(CommandError) -> ReplInput {
        let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .nothing }
        guard trimmed.hasPrefix("/") else { return .message(line) }
        if trimmed.hasPrefix("//") { return .message(String(trimmed.dropFirst())) }

        let body = trimmed.dropFirst()
        let name = String(body.prefix { !$0.isWhitespace }).lowercased()
        let arguments = String(body.dropFirst(name.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let spec = ReplCommandSpec.named(name) else {
            let suggestion = ReplCommandSpec.all.first { $0.name.hasPrefix(name) && !name.isEmpty }
            let hint = suggestion.map { "; did you mean /\($0.name)?" } ?? ""
            throw CommandError("unknown command /\(name)\(hint)", usage: "/help lists the commands")
        }
        return .command(try parse(spec, arguments: arguments, side: side))
    }

    private static func parse(_ spec: ReplCommandSpec, arguments: String, side: Side) throws(CommandError) -> ReplCommand {
        func required(_ what: String) throws(CommandError) -> String {
            guard !arguments.isEmpty else { throw CommandError("/\(spec.name) needs \(what)", usage: spec.usage) }
            return arguments
        }
        func noArguments(_ command: ReplCommand) throws(CommandError) -> ReplCommand {
            guard arguments.isEmpty else {
                throw CommandError("/\(spec.name) takes no arguments", usage: spec.usage)
            }
            return command
        }
        switch spec.name {
        case "help": return .help(topic: arguments.isEmpty ? nil : String(arguments.drop { $0 == "/" }).lowercased())
        case "bot": return .bot(path: try required("a bot script file"))
        case "reload": return try noArguments(.reload)
        case "chats": return try noArguments(.chats)
        case "open": return .open(title: try required("the name of a conversation"))
        case "new": return .new(title: try required("a name for the conversation"))
        case "more": return try noArguments(.more)
        case "grouping": return .grouping(try parseGrouping(arguments, usage: spec.usage))
        case "as": return .asOtherSide(text: try parseAsOtherSide(arguments, other: side.opposite))
        case "wait":
            let text = try required("a duration")
            do {
                return .wait(try DurationParser.parse(text))
            } catch {
                throw CommandError(error.description, usage: spec.usage)
            }
        case "search": return .search(text: try required("words to look for"))
        case "clear": return try noArguments(.clear)
        default: return try noArguments(.quit)
        }
    }

    /// `/as SIDE TEXT`, where SIDE must be `other`: the side the person does not speak for.
    private static func parseAsOtherSide(_ arguments: String, other: Side) throws(CommandError) -> String {
        let name = other.rawValue
        let usage = "/as \(name) TEXT"
        let who = arguments.prefix { !$0.isWhitespace }
        guard who.lowercased() == name else {
            throw CommandError("/as only knows \"\(name)\" (the other side)", usage: usage)
        }
        let text = String(arguments.dropFirst(who.count)).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw CommandError("/as \(name) needs the text of the message", usage: usage) }
        return text
    }

    private static func parseGrouping(_ arguments: String, usage: String) throws(CommandError) -> GroupingChange {
        var change = GroupingChange()
        for token in try tokens(arguments, usage: usage) {
            if token.lowercased() == "reset" {
                change.resetsToDefaults = true
                continue
            }
            guard let equals = token.firstIndex(of: "=") else {
                throw CommandError("expected key=value, got \"\(token)\"", usage: usage)
            }
            let key = token[..<equals].lowercased()
            let value = String(token[token.index(after: equals)...])
            switch key {
            case "section", "section_gap":
                do { change.sectionGap = try DurationParser.parse(value) } catch {
                    throw CommandError("section: \(error)", usage: usage)
                }
            case "cluster", "cluster_gap":
                do { change.clusterGap = try DurationParser.parse(value) } catch {
                    throw CommandError("cluster: \(error)", usage: usage)
                }
            case "header":
                do { try HeaderFormatter.validate(pattern: value) } catch {
                    throw CommandError("header: \(error)", usage: usage)
                }
                change.headerPattern = value
            default:
                throw CommandError("unknown rule \"\(key)\": use section, cluster or header", usage: usage)
            }
        }
        return change
    }

    /// Splits on whitespace outside double quotes and removes the quotes
    /// (`header="{day} {time}"` is one token).
    static func tokens(_ text: String, usage: String) throws(CommandError) -> [String] {
        var tokens: [String] = []
        var current = ""
        var inQuotes = false
        var hasToken = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
                hasToken = true
            } else if character.isWhitespace && !inQuotes {
                if hasToken { tokens.append(current) }
                current = ""
                hasToken = false
            } else {
                current.append(character)
                hasToken = true
            }
        }
        guard !inQuotes else { throw CommandError("a quote is not closed", usage: usage) }
        if hasToken { tokens.append(current) }
        return tokens
    }
}
