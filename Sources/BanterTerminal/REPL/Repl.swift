import BanterChat
import Foundation

/// The chat REPL: a readline line editor over a live transcript when standard input and
/// output are terminals, plain line-by-line processing otherwise.
package enum Repl {
    /// Whether `run` will be interactive: both standard input and output are terminals.
    package static var isInteractive: Bool {
        TerminalSize.isTerminal(STDIN_FILENO) && TerminalSize.isTerminal(STDOUT_FILENO)
    }

    /// The colours `run` draws in: the terminal's when interactive; none when piped, where
    /// the transcript is plain text.
    package static func colorMode(environment: [String: String]) -> ColorMode {
        isInteractive ? ColorMode.detect(environment: environment, isTerminal: true) : .none
    }

    /// Runs the REPL on `session` until the user quits or input ends; returns the exit status.
    /// The session's clock should be a `LiveClock` when interactive and a `VirtualClock`
    /// when not (see `isInteractive`).
    package static func run(session: ChatSession, options: ReplOptions) -> Int32 {
        if isInteractive {
            return InteractiveRepl(session: session, options: options).run()
        }
        return PipedRepl(session: session, options: options).run()
    }
}
