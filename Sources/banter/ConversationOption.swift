import ArgumentParser

/// `--conversation`: which conversation a command works on, by title, completed from the
/// database. Declared once; each command says in its description what it does without it.
struct ConversationOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The conversation, by name (without it: see the command's description).", valueName: "name"),
        completion: .conversationTitles)
    var conversation: String?

    func validate() throws {
        try Self.validate(conversation)
    }

    static func validate(_ conversation: String?) throws {
        if let conversation, conversation.allSatisfy(\.isWhitespace) {
            throw ValidationError("--conversation needs a name, e.g. --conversation weekend-plans")
        }
    }
}
