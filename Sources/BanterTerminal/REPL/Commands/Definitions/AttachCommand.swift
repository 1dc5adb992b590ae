import BanterChat
import BanterCore
import BanterScenario
import Foundation

/// `/attach PATH [CAPTION]`: sends a file, copied into the database.
struct AttachCommand: ReplCommandDefinition, Equatable {
    static let name = "attach"
    static let usage = "/attach PATH [CAPTION]"
    static let summary = "send a file (an image shows as a picture), with an optional caption"

    var path: String
    var caption: String

    static func completions(for request: ReplCompletionRequest) -> ReplCompletion {
        request.argumentIndex == 1 ? .files : .none
    }

    /// PATH is one word: quote it ("my file.png" or 'my file.png') or escape its spaces
    /// (my\ file.png) when it has some; the rest is the caption.
    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> AttachCommand {
        let text = try required(arguments, "the path of a file")
        var path = ""
        var index = text.startIndex
        if let quote = text.first, quote == "\"" || quote == "'" {
            guard let close = text.dropFirst().firstIndex(of: quote) else {
                throw CommandError("the quoted path has no closing \(quote)", usage: usage)
            }
            path = String(text[text.index(after: text.startIndex)..<close])
            index = text.index(after: close)
        } else {
            while index < text.endIndex, text[index] != " " {
                if text[index] == "\\", text.index(after: index) < text.endIndex {
                    index = text.index(after: index)
                }
                path.append(text[index])
                index = text.index(after: index)
            }
        }
        guard !path.isEmpty else { throw missing("the path of a file") }
        let caption = String(text[index...]).trimmingCharacters(in: .whitespaces)
        return AttachCommand(path: path, caption: caption)
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        let source = repl.expandingHome(path)
        repl.perform { () throws(ChatError) in
            let message = try session.sendAttachment(path: source, caption: caption)
            repl.recorder.noteSource(source, of: message.id)
        }
        return .keepGoing
    }
}
