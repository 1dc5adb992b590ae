import BanterChat
import BanterCore
import Foundation

/// `/copy [REF] [--print]`: puts a message's text on the clipboard through the terminal
/// (OSC 52), or prints it.
struct CopyCommand: ReplCommandDefinition, Equatable {
    static let name = "copy"
    static let usage = "/copy [-N|#ID] [--print]"
    static let summary = "copy a message's text to the clipboard (--print writes it out)"

    var reference: MessageReference
    var prints: Bool

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        .matching(["--print"], request.word)
    }

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> CopyCommand {
        var words = arguments.split(separator: " ").map(String.init)
        let prints = words.contains("--print")
        words.removeAll { $0 == "--print" }
        if let option = words.first(where: { $0.hasPrefix("--") }) {
            throw CommandError("/copy knows --print only, not \(option)", usage: usage)
        }
        return CopyCommand(reference: try referenceOnly(words.joined(separator: " ")), prints: prints)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let message = try session.resolve(reference, for: .copy)
            let text = message.text
            guard !text.isEmpty else {
                repl.showError(
                    "#\(message.id) has no text to copy"
                        + (message.attachment != nil ? " (/open-attachment saves its file)" : ""))
                return
            }
            if prints {
                repl.show(Sanitizer.sanitize(text, keepingNewlines: true).components(separatedBy: "\n"))
                return
            }
            guard repl.display.reachesTerminal else {
                repl.showError(
                    "the clipboard is reached through the terminal, and output is not one: /copy --print writes the text out"
                )
                return
            }
            do throws(ClipboardError) {
                let escape = try Clipboard.osc52(text)
                let count = text.count == 1 ? "1 character" : "\(text.count) characters"
                // The escape draws nothing: it goes out with the notice.
                var lines = repl.painter.info(
                    "copied \(count) from #\(message.id) to the clipboard", width: repl.display.noticeWidth)
                lines[0] = escape + lines[0]
                repl.show(lines)
            } catch {
                repl.showError(error.description)
            }
        }
        return .keepGoing
    }
}
