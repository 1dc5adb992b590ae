import BanterChat
import BanterCore
import BanterTheme

/// `/tree`: the conversation's branches as a tree, one line per branch: its number and
/// label, where it was forked (the message's id and first words), how many messages it
/// wrote itself, the current one highlighted.
struct TreeCommand: ReplCommandDefinition, Equatable {
    static let name = "tree"
    static let usage = "/tree"
    static let summary = "draw the conversation's branches"

    static func parse(_ arguments: String, context: ReplParseContext) throws(CommandError) -> TreeCommand {
        try expectingNoArguments(arguments)
        return TreeCommand()
    }

    func run(in repl: ReplController) -> ReplCommandOutcome {
        let session = repl.session
        repl.perform { () throws(ChatError) in
            let branches = try session.branches()
            let current = try session.currentBranch().number
            var excerpts: [Int64: String] = [:]
            for id in branches.compactMap(\.forkMessageID) where excerpts[id] == nil {
                excerpts[id] = try session.message(id: id)?.text
            }
            let escapes = repl.painter.escapes
            repl.show(
                Self.lines(branches, current: current, excerpts: excerpts).map { line in
                    escapes.paint(Sanitizer.sanitize(line.text), as: line.isCurrent ? .highlight : .info)
                })
        }
        return .keepGoing
    }

    /// The tree's lines, depth first in the order branches were made, with box-drawing
    /// guides; pure, so tests compare it as text.
    static func lines(_ branches: [Branch], current: Int, excerpts: [Int64: String]) -> [(
        text: String, isCurrent: Bool
    )] {
        var children: [Int: [Branch]] = [:]
        for branch in branches.dropFirst() { children[branch.parentNumber ?? 1, default: []].append(branch) }
        var lines: [(String, Bool)] = []
        func describe(_ branch: Branch) -> String {
            var parts = ["\(branch.number)"]
            if let name = branch.name { parts.append("\"\(name)\"") }
            if let fork = branch.forkMessageID {
                let words = (excerpts[fork] ?? "").split(whereSeparator: \.isWhitespace).prefix(5).joined(
                    separator: " ")
                parts.append("from #\(fork) \u{201C}\(words)\u{201D}")
            }
            let count = branch.ownMessageCount
            let text = parts.joined(separator: " ") + ", \(count) message\(count == 1 ? "" : "s")"
            return text + (branch.number == current ? "  \u{2190} current" : "")
        }
        func walk(_ branch: Branch, prefix: String, guide: String) {
            lines.append((prefix + guide + describe(branch), branch.number == current))
            let below = children[branch.number] ?? []
            let childPrefix = prefix + (guide == "\u{251C}\u{2500} " ? "\u{2502}  " : guide.isEmpty ? "" : "   ")
            for (index, child) in below.enumerated() {
                walk(
                    child, prefix: childPrefix,
                    guide: index == below.count - 1 ? "\u{2514}\u{2500} " : "\u{251C}\u{2500} ")
            }
        }
        if let first = branches.first { walk(first, prefix: "", guide: "") }
        return lines
    }
}
