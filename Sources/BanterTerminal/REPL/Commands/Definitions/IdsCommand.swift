/// `/ids on|off`: shows message ids ("#42") beside bubbles, for `#ID` references.
struct IdsCommand: ReplCommandDefinition, Equatable {
    static let name = "ids"
    static let usage = "/ids on|off"
    static let summary = "show or hide message ids beside bubbles (for #ID references)"

    var shows: Bool

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        request.argumentIndex == 1 ? .matching(["on", "off"], request.word) : .none
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> IdsCommand {
        switch arguments.lowercased() {
        case "on": return IdsCommand(shows: true)
        case "off": return IdsCommand(shows: false)
        case "": throw missing("on or off")
        default: throw CommandError("/ids takes on or off, not \"\(arguments)\"", usage: usage)
        }
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        repl.display.setShowsMessageIDs(shows)
        return .keepGoing
    }
}
