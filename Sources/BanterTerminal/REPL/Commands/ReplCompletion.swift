import BanterCore

/// What Tab offers at the prompt: pure, so it is tested without readline.
public enum ReplCompletion: Hashable, Sendable {
    /// Complete the word being typed with one of these.
    case words([String])
    /// Complete a file name (the argument of `/bot`).
    case files
    /// Nothing to offer.
    case none

    /// Candidates for the word that ends `textBeforeCursor`.
    ///
    /// - Parameters:
    ///   - titles: conversation names, for `/open` and `/new`.
    ///   - side: the side the person speaks for; `/as` completes the opposite one.
    public static func candidates(textBeforeCursor text: String, titles: [String], side: Side = .me) -> ReplCompletion {
        guard text.hasPrefix("/") else { return .none }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let endsWithSpace = text.last == " "
        let current = endsWithSpace ? "" : String(words.last ?? "")
        if words.count <= 1 && !endsWithSpace {
            let names = ReplCommandSpec.all.map { "/" + $0.name }
            return .words(names.filter { $0.hasPrefix(current.lowercased()) })
        }
        let command = words.first.map { $0.dropFirst().lowercased() } ?? ""
        let argumentIndex = words.count - (endsWithSpace ? 0 : 1)
        switch command {
        case "bot":
            return .files
        case "open", "new":
            return .words(titles.filter { $0.hasPrefix(current) }.sorted())
        case "as" where argumentIndex == 1:
            return .words([side.opposite.rawValue].filter { $0.hasPrefix(current) })
        case "grouping":
            return .words(["section=", "cluster=", "header=", "reset"].filter { $0.hasPrefix(current) })
        case "help" where argumentIndex == 1:
            return .words(ReplCommandSpec.all.map(\.name).filter { $0.hasPrefix(current) })
        default:
            return .none
        }
    }
}
