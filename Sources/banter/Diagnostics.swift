import ArgumentParser
import BanterCore
import Foundation

/// How every command reports a failure: one line "banter: reason" on standard error, so that
/// errors read the same whichever command hit them and never mix into piped transcripts.
enum Diagnostics {
    /// Runs a command's work; if it throws, prints why as one line and ends the command with
    /// `status`. The one place where an error becomes an exit status.
    static func exitOnFailure<Value>(status: Int32 = 1, _ body: () throws -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            report(error)
            throw ExitCode(status)
        }
    }

    /// Runs work that reads settings: a mistake in the configuration file, a theme file or a
    /// setting's environment variable ends the command with status 2, as a usage error does.
    static func exitOnConfigError<Value>(_ body: () throws -> Value) throws -> Value {
        try exitOnFailure(status: 2, body)
    }

    /// Prints why a command could not do its job.
    static func report(_ error: any Error) {
        report(message: "\(error)")
    }

    /// Prints "banter: message" on standard error.
    static func report(message: String) {
        printLine("banter: \(message)")
    }

    /// Prints `line` on standard error with control characters and escape sequences made
    /// visible: messages quote scripts, scenarios and files (a Lua syntax error shows the
    /// token it stopped at), which must never reach the terminal raw.
    static func printLine(_ line: String) {
        FileHandle.standardError.write(Data((Sanitizer.sanitize(line, keepingNewlines: true) + "\n").utf8))
    }

    /// A failure whose whole message the command wrote itself.
    struct Failure: Error, CustomStringConvertible {
        var description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
