import BanterCore
import Foundation

/// A trace as plain lines, for the REPL (dim, under the message) and `banter test`: pure,
/// so it is golden-tested. Text from the script is quoted and escaped but not otherwise
/// made safe: callers sanitise for the terminal, as for any untrusted text.
///
///     "hi Bob" → on("^hi (%a+)") bot.lua:12 captures "Bob"
///       <1k instructions · 0.21 ms · reply "Hello Bob" · reply "How are you?" after 2s, typing 1s
///       memory: wrote name
extension HandlerTrace {
    /// The trace in lines of at most `width` characters where it can be broken (between
    /// items); the first line says what started it and which handler took it, the next
    /// ones (indented) what it cost and did. Without `showsElapsed` the lines are the same
    /// on every run (for reports that must not change between runs).
    package func lines(width: Int = 100, showsElapsed: Bool = true) -> [String] {
        var lines = Self.wrap(headline, width: width, indent: "", continuation: "  ", separator: ", ")
        let details =
            [Self.describe(instructions: instructions)] + (showsElapsed ? [Self.describe(elapsed: elapsed)] : [])
            + actions.map(Self.describe)
        lines += Self.wrap(details, width: width, indent: "  ")
        if case .failed(let error) = outcome { lines.append("  failed: \(error)") }
        lines += notes.map { "  \($0)" }
        return lines
    }

    /// What started the stretch and which handlers took it, as items joined by ", ".
    var headline: [String] {
        var taken = handlers.map(Self.describe)
        func leading(_ prefix: String, _ empty: String) -> [String] {
            guard !taken.isEmpty else { return [prefix + empty] }
            taken[0] = prefix + taken[0]
            return taken
        }
        switch trigger {
        case .message(let text):
            return leading("\(ScenarioText.quoted(text)) → ", "no handler took it")
        case .answer(let text):
            return leading("\(ScenarioText.quoted(text)) → answers chat:ask in ", "a paused handler")
        case .opened(let firstTime):
            return leading("conversation opened\(firstTime ? " (new)" : "") → ", "no on_open")
        case .resumed:
            return continuing(leading("wait over → ", "a paused handler"))
        case .askTimedOut:
            return continuing(leading("chat:ask timed out → ", "a paused handler"))
        case .reacted(let emoji, let added):
            return leading("reaction \(emoji) \(added ? "added" : "taken back") → ", "no on_reaction")
        case .edited(let text):
            return leading("edited to \(ScenarioText.quoted(text)) → ", "no on_edit")
        case .deleted:
            return leading("message deleted → ", "no on_delete")
        case .pressed(let label, let payload):
            let picked = label == payload ? "" : " (payload \(ScenarioText.quoted(payload)))"
            return leading("picked \(ScenarioText.quoted(label))\(picked) → ", "no handler took it")
        }
    }

    private func continuing(_ items: [String]) -> [String] {
        items.dropLast() + [(items.last ?? "") + " continues"]
    }

    static func describe(_ handler: TracedHandler) -> String {
        var text = handler.label
        switch (handler.file, handler.line) {
        case let (file?, line?): text += " \(file):\(line)"
        case let (file?, nil): text += " \(file)"
        default: break
        }
        if !handler.captures.isEmpty {
            text += " captures " + handler.captures.map(ScenarioText.quoted).joined(separator: ", ")
        }
        return text
    }

    static func describe(_ action: TraceAction) -> String {
        switch action {
        case .reply(let text, let after, let typing):
            var delays: [String] = []
            if let after { delays.append("after \(DurationParser.format(after))") }
            if let typing { delays.append("typing \(DurationParser.format(typing))") }
            return "reply \(ScenarioText.quoted(text))" + (delays.isEmpty ? "" : " " + delays.joined(separator: ", "))
        case .typing(let duration?):
            return "typing \(DurationParser.format(duration))"
        case .typing(nil):
            return "typing off"
        case .mark(let status):
            return "mark \(status.rawValue)"
        case .wait(let duration):
            return "wait \(DurationParser.format(duration))"
        case .ask(let timeout?):
            return "ask (timeout \(DurationParser.format(timeout)))"
        case .ask(nil):
            return "ask"
        case .memory(let written, let deleted):
            var parts: [String] = []
            if !written.isEmpty { parts.append("wrote " + written.joined(separator: ", ")) }
            if !deleted.isEmpty { parts.append("deleted " + deleted.joined(separator: ", ")) }
            return "memory: " + parts.joined(separator: "; ")
        }
    }

    static func describe(instructions: Int) -> String {
        instructions < instructionStep ? "<1k instructions" : "≈\(instructions / instructionStep)k instructions"
    }

    static func describe(elapsed: Duration) -> String {
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return String(format: "%.2f ms", milliseconds)
    }

    /// Joins items with `separator` into lines of at most `width` characters (an item
    /// longer than that gets a line of its own); lines after the first start with
    /// `continuation`.
    static func wrap(
        _ items: [String], width: Int, indent: String, continuation: String? = nil, separator: String = " · "
    ) -> [String] {
        var lines: [String] = []
        var current = ""
        for item in items {
            if current.isEmpty {
                current = (lines.isEmpty ? indent : continuation ?? indent) + item
            } else if current.count + separator.count + item.count <= width {
                current += separator + item
            } else {
                // A comma stays at the end of the line; a dot between items does not.
                lines.append(current + (separator == ", " ? "," : ""))
                current = (continuation ?? indent) + item
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
