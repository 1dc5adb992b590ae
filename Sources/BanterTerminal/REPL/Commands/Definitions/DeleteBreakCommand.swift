import BanterChat
import BanterCore

/// `/delete-break N`: removes breakpoint N (as `/breaks` numbers them).
struct DeleteBreakCommand: ReplCommandDefinition, Equatable {
    static let name = "delete-break"
    static let usage = "/delete-break N"
    static let summary = "remove breakpoint N (/breaks lists them)"

    var number: Int

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> DeleteBreakCommand {
        let text = try required(arguments, "a breakpoint number")
        guard let number = Int(text), number > 0 else {
            throw CommandError("\"\(text)\" is not a breakpoint number: /breaks lists them", usage: usage)
        }
        return DeleteBreakCommand(number: number)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        repl.perform { () throws(ChatError) in
            let removed = try repl.session.deleteBreakpoint(number)
            repl.info("deleted breakpoint \(number): \(removed)")
        }
        return .keepGoing
    }
}
