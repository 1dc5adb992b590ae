import BanterChat
import BanterCore

/// `/grouping [section=…] [cluster=…] [header=…] [reset]`: shows the grouping rules, or
/// changes them and re-groups the transcript.
struct GroupingCommand: ReplCommandDefinition, Equatable {
    static let name = "grouping"
    static let usage = "/grouping [section=1h] [cluster=20s] [header=\"{day} {time}\"] [reset]"
    static let summary = "show or change how messages are grouped"

    /// What to change; empty only shows the rules.
    var change: GroupingChange

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        .matching(["section=", "cluster=", "header=", "reset"], request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> GroupingCommand {
        var change = GroupingChange()
        for token in try tokens(arguments) {
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
        return GroupingCommand(change: change)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        if !change.isEmpty {
            repl.perform { () throws(ChatError) in try session.apply(change) }
        }
        repl.info("grouping: " + GroupingChange.describe(session.conversation.rules))
        return .keepGoing
    }

    /// Splits on whitespace outside double quotes and removes the quotes
    /// (`header="{day} {time}"` is one token).
    static func tokens(_ text: String) throws(CommandError) -> [String] {
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
