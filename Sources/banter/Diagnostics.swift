import Foundation

/// How every command reports a failure: one line "banter: reason" on standard error, so that
/// errors read the same whichever command hit them and never mix into piped transcripts.
enum Diagnostics {
    /// Prints why a command could not do its job.
    static func report(_ error: any Error) {
        report(message: "\(error)")
    }

    /// Prints "banter: message" on standard error.
    static func report(message: String) {
        FileHandle.standardError.write(Data("banter: \(message)\n".utf8))
    }
}
