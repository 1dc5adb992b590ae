import BanterChat
import BanterCore

/// Prints a session's conversation as it grows, the way the piped REPL does: the opening
/// messages, then each message and notice as it is published. For `banter run`.
package final class TranscriptPrinter {
    private var transcript: PlainTranscript
    private let output: ([String]) -> Void

    /// Prints to standard output.
    package convenience init(style: TranscriptStyle) {
        let terminal = TerminalOutput()
        self.init(style: style) { lines in terminal.write(lines: lines) }
    }

    /// Hands the lines to `output` instead (a golden transcript collects them).
    package init(style: TranscriptStyle, output: @escaping ([String]) -> Void) {
        transcript = PlainTranscript(feed: TranscriptFeed(painter: style.painter, width: style.width))
        self.output = output
    }

    /// Prints what the conversation holds now (when it opened).
    package func start(_ messages: [Message], session: ChatSession) {
        let context = TranscriptFeed.Context(session: session)
        for message in messages {
            output(transcript.add(message, in: context))
        }
    }

    /// Prints what `event` adds to the transcript.
    package func handle(_ event: ChatEvent, session: ChatSession) {
        output(transcript.take(event, in: TranscriptFeed.Context(session: session)))
    }

    /// What the printer has seen so far, to go back to (a scenario's leaves each continue
    /// the transcript of the prefix they share).
    package struct Mark {
        let transcript: PlainTranscript
    }

    package var mark: Mark { Mark(transcript: transcript) }

    /// Goes back to `mark`: later events continue the transcript from there.
    package func restore(_ mark: Mark) {
        transcript = mark.transcript
    }

    /// Prints the last bubble.
    package func finish(session: ChatSession) {
        output(transcript.flush())
    }
}
