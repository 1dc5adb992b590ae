import BanterCore
import Foundation

/// What `banter crawl` found in a bot: every path of picks it took from the opening, breadth
/// first, each ending in one of `Outcome`, and the states (what the bot said last, and its
/// memory) the paths went through, for the diagram.
package struct CrawlReport: Sendable {
    /// One pick on a path: the label shown and the payload the bot got.
    package struct Pick: Hashable, Sendable {
        package var label: String
        package var payload: String
        /// Its number as drawn on the message, which is how the crawler picks it again.
        package var number: Int
    }

    /// How a path ended.
    package enum Outcome: Hashable, Sendable {
        /// The bot's last message offers nothing and is marked `{ final = true }`.
        case end
        /// The bot's last message offers nothing to pick and is not marked final.
        case deadEnd
        /// The path came back to a state earlier on itself (state index).
        case loop(to: Int)
        /// The path reached a state another path reached first (state index): not explored again.
        case joins(Int)
        /// The bot failed on the last pick (the error with its file:line).
        case error(String)
        /// The path was this deep and went no further (`--depth`).
        case cut
    }

    /// A state the bot was in: what it said after the last pick (or when the conversation
    /// opened), shortened, and the choices it offered.
    package struct State: Hashable, Sendable {
        package var summary: String
        package var isFinal: Bool
        package var choices: [String]
    }

    /// A path from the opening, and how it ended.
    package struct Path: Sendable {
        package var picks: [Pick]
        package var outcome: Outcome
        /// The state it ended in (nil after an error).
        package var state: Int?
        /// The session as a scenario replays it (`--out`).
        package var recording: RecordedSession
    }

    /// An arrow of the diagram: from a state, by a pick's label, to a state.
    struct Edge: Hashable, Sendable {
        var from: Int
        var label: String
        var to: Int
        /// The pick came back to a state earlier on its own path (drawn dotted).
        var loops: Bool
    }

    package var bot: String
    package var depth: Int
    package internal(set) var paths: [Path] = []
    var states: [State] = []
    var edges: [Edge] = []
    /// How many paths were replayed (every prefix of a path is one).
    package internal(set) var replays = 0
    package var elapsed: Duration = .zero

    func count(_ kind: (Outcome) -> Bool) -> Int { paths.count { kind($0.outcome) } }

    /// The report as `banter crawl` prints it, one line each, controls drawn visibly.
    package func lines() -> [String] {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var lines = [
            "\(bot): \(paths.count) paths, \(states.count) states, \(replays) replays in "
                + String(format: "%.2f", seconds) + " s (depth \(depth))"
        ]
        let ends = paths.filter { $0.outcome == .end }
        let deadEnds = paths.filter { $0.outcome == .deadEnd }
        let loops = paths.filter { if case .loop = $0.outcome { true } else { false } }
        let joins = count { if case .joins = $0 { true } else { false } }
        let errors = paths.filter { if case .error = $0.outcome { true } else { false } }
        let cut = count { $0 == .cut }
        lines.append(
            "  ends \(ends.count) · dead ends \(deadEnds.count) · loops \(loops.count) · errors \(errors.count)"
                + " · joined an explored path \(joins) · cut at depth \(cut)")
        for path in deadEnds {
            let said = path.state.map { states[$0].summary } ?? ""
            lines.append("  dead end: \(Self.describe(path.picks)) → \"\(said)\" offers nothing and is not final")
        }
        for path in loops {
            guard case .loop(let state) = path.outcome else { continue }
            lines.append("  loop: \(Self.describe(path.picks)) → back to \"\(states[state].summary)\"")
        }
        for path in errors {
            guard case .error(let text) = path.outcome else { continue }
            lines.append("  error: \(Self.describe(path.picks)) → \(text)")
        }
        if let longest = paths.max(by: { $0.picks.count < $1.picks.count }) {
            lines.append("  longest path: \(longest.picks.count) picks: \(Self.describe(longest.picks))")
        }
        // Labels, answers and errors are the bot's text: never raw on the terminal.
        return lines.map { Sanitizer.sanitize($0) }
    }

    /// "Order → Large → Yes", or "(the opening)".
    static func describe(_ picks: [Pick]) -> String {
        picks.isEmpty ? "(the opening)" : picks.map(\.label).joined(separator: " → ")
    }

    /// The paths as a Mermaid flowchart: a box per state (dead ends and ends marked), an
    /// arrow per pick, loops dotted.
    func mermaid() -> String {
        var lines = ["flowchart TD"]
        for (index, state) in states.enumerated() {
            lines.append("  s\(index)[\"\(Self.mermaidText(state.summary))\"]")
        }
        for edge in edges {
            let arrow = edge.loops ? "-.->" : "-->"
            lines.append("  s\(edge.from) \(arrow)|\"\(Self.mermaidText(edge.label))\"| s\(edge.to)")
        }
        var marked = Set<String>()
        for path in paths {
            guard let state = path.state else { continue }
            let mark =
                switch path.outcome {
                case .deadEnd: "  class s\(state) deadEnd"
                case .end: "  class s\(state) final"
                default: ""
                }
            if !mark.isEmpty, marked.insert(mark).inserted { lines.append(mark) }
        }
        lines.append("  classDef deadEnd stroke:#c0392b,stroke-width:3px")
        lines.append("  classDef final stroke:#27ae60,stroke-width:3px")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Text safe inside a Mermaid label: quotes and brackets as entities, one line.
    static func mermaidText(_ text: String) -> String {
        Sanitizer.sanitize(text).replacingOccurrences(of: "\"", with: "#quot;")
            .replacingOccurrences(of: "<", with: "#lt;").replacingOccurrences(of: ">", with: "#gt;")
    }
}
