import BanterCore

/// One REPL command as a unit: its name and aliases, the usage and summary `/help` shows,
/// how its arguments complete and parse, and what it does. A value of the type is the
/// command as typed, parsed and validated; `run` carries it out.
///
/// Adding a command is one new type under `Definitions/` and one entry in
/// `ReplCommandTable.all`: `/help`, Tab completion and usage errors all come from there.
protocol ReplCommandDefinition: Sendable {
    /// The name typed after the slash, lower case.
    static var name: String { get }
    /// Other names for the same command (`/exit` for `/quit`).
    static var aliases: [String] { get }
    /// How it is typed, e.g. `/wait DURATION`.
    static var usage: String { get }
    /// One line for `/help`.
    static var summary: String { get }

    /// What Tab offers for the argument being typed.
    static func completions(for request: ReplCompletionRequest) -> ReplCompletion

    /// Reads the text after the command's name (trimmed; empty when there is none).
    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> Self

    /// Carries the command out against the REPL's session and display.
    func run(in repl: ReplController) -> ReplCommandOutcome
}

extension ReplCommandDefinition {
    static var aliases: [String] { [] }

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion { .none }

    /// The error for a command typed without the argument it needs.
    static func missing(_ what: String) -> CommandError {
        CommandError("/\(name) needs \(what)", usage: usage)
    }

    /// `arguments`, or the error naming `what` is missing when there are none.
    static func required(_ arguments: String, _ what: String) throws(CommandError) -> String {
        guard !arguments.isEmpty else { throw missing(what) }
        return arguments
    }

    /// Refuses arguments to a command that takes none.
    static func expectingNoArguments(_ arguments: String) throws(CommandError) {
        guard arguments.isEmpty else { throw CommandError("/\(name) takes no arguments", usage: usage) }
    }
}

/// What parsing a command may depend on besides its text.
struct ReplParseContext: Sendable {
    /// The side the person at the prompt speaks for (`/as` names the other one).
    var side: Side = .me
    /// The name the command was typed as, lower case (`save!` for `/save!`).
    var name = ""
}

/// Whether the REPL goes on after a command.
enum ReplCommandOutcome: Sendable {
    case keepGoing
    case quit
}
