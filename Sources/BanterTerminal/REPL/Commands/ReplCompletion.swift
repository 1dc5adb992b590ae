import BanterCore

/// What Tab offers at the prompt: pure, so it is tested without readline.
enum ReplCompletion: Hashable, Sendable {
    /// Complete the word being typed with one of these.
    case words([String])
    /// Complete a file name (the argument of `/bot`).
    case files
    /// Nothing to offer.
    case none

    /// Candidates for the word that ends `textBeforeCursor`: a command's name, else what
    /// that command offers for its argument.
    ///
    /// - Parameters:
    ///   - titles: conversation names, for `/open` and `/new`.
    ///   - side: the side the person speaks for; `/as` completes the opposite one.
    static func candidates(textBeforeCursor text: String, titles: [String], side: Side = .me) -> ReplCompletion {
        guard text.hasPrefix("/") else { return .none }
        let words = text.split(separator: " ", omittingEmptySubsequences: true)
        let endsWithSpace = text.last == " "
        let current = endsWithSpace ? "" : String(words.last ?? "")
        if words.count <= 1 && !endsWithSpace {
            let names = ReplCommandTable.all.map { "/" + $0.name }
            return .words(names.filter { $0.hasPrefix(current.lowercased()) })
        }
        let name = words.first.map { $0.dropFirst().lowercased() } ?? ""
        guard let definition = ReplCommandTable.named(name) else { return .none }
        let request = ReplCompletionRequest(
            argumentIndex: words.count - (endsWithSpace ? 0 : 1), word: current, titles: titles, side: side)
        return definition.completions(for: request)
    }

    /// The candidates among `options` that start with what is typed.
    static func matching(_ options: [String], _ word: String) -> ReplCompletion {
        .words(options.filter { $0.hasPrefix(word) })
    }
}

/// The argument Tab is completing: its position, what is typed of it, and the context.
struct ReplCompletionRequest: Sendable {
    /// 1 for the first argument after the command's name.
    var argumentIndex: Int
    /// The part of the argument typed so far.
    var word: String
    /// Conversation names, for commands that take one.
    var titles: [String]
    /// The side the person at the prompt speaks for.
    var side: Side
}
