import Foundation

/// Where the step debugger pauses a bot: at a line of its script, when the handler of an
/// `on` pattern is about to run, or at the next `chat:reply`.
package enum Breakpoint: Hashable, Sendable, CustomStringConvertible {
    /// A line of the script or of a module it required (`alisha.lua:12`).
    case line(file: String, line: Int)
    /// The first line of the `on(pattern, …)` handler, when a message matched it.
    case handler(pattern: String)
    /// The next `chat:reply`, before it waits, types or sends.
    case reply

    /// Reads a breakpoint as typed: `FILE:LINE`, `on "pattern"` (or `on 'pattern'`), or
    /// `reply`. Throws a message saying which form was expected.
    package init(parsing text: String) throws(BreakpointError) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text == "reply" {
            self = .reply
            return
        }
        if text.hasPrefix("on ") || text.hasPrefix("on\"") || text.hasPrefix("on'") {
            var pattern = text.dropFirst(2).trimmingCharacters(in: .whitespaces)
            if let quote = pattern.first, quote == "\"" || quote == "'" {
                guard pattern.count >= 2, pattern.last == quote else {
                    throw BreakpointError("the pattern \(pattern) has no closing \(quote)")
                }
                pattern = String(pattern.dropFirst().dropLast())
            }
            guard !pattern.isEmpty else { throw BreakpointError("on needs a pattern, as the bot wrote it: on \"^hi\"") }
            self = .handler(pattern: pattern)
            return
        }
        guard let colon = text.lastIndex(of: ":"), let line = Int(text[text.index(after: colon)...]), line > 0,
            colon != text.startIndex
        else {
            throw BreakpointError(
                "\"\(text)\" is not a breakpoint: give FILE:LINE (alisha.lua:12), on \"pattern\" or reply")
        }
        self = .line(file: String(text[..<colon]), line: line)
    }

    package var description: String {
        switch self {
        case .line(let file, let line): "\(file):\(line)"
        case .handler(let pattern): "on \"\(pattern)\""
        case .reply: "reply"
        }
    }
}

/// A breakpoint that could not be read, with what was expected.
package struct BreakpointError: Error, Hashable, Sendable, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}
