import Foundation

/// A chat that branched, written as one scenario: the steps every branch shares, then a
/// `branch "NAME" (function() … end)` per way the chat went from there, nested where branches
/// share more. Each branch recorded is written as a scenario of its own would be
/// (`steps`), and the scenario is the tree of those step lines: a branch whose lines all
/// begin another's (the chat went on from its end) is not a leaf of its own.
extension ScenarioWriter {
    /// One branch recorded: its name (the `/branch` label, else `branch N`) and its steps
    /// from the start.
    package struct RecordedBranch {
        package var name: String
        package var session: RecordedSession

        package init(name: String, session: RecordedSession) {
            self.name = name
            self.session = session
        }
    }

    /// The scenario of every branch in `branches` (at least one; the first gives the header),
    /// for a file at `path`. One branch, or branches that are all the start of one, is a
    /// scenario without `branch`.
    package static func source(forBranches branches: [RecordedBranch], savedAt path: String) -> String {
        let first = branches[0].session
        let leaves = distinctLeaves(branches.map { (name: safeName($0.name), lines: steps($0.session, savedAt: path)) })
        guard leaves.count > 1 else {
            var only = first
            only.steps = branches.first { safeName($0.name) == leaves.first?.name }?.session.steps ?? first.steps
            return source(for: only, savedAt: path)
        }
        var lines = [
            "-- Saved from banter chat: every branch of that session, each leaf a test case of `banter test \(URL(fileURLWithPath: path).lastPathComponent)`.",
            "",
        ]
        lines += header(first, savedAt: path)
        lines.append("")
        lines += tree(leaves, from: 0, indent: "")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The leaves as nested branches, from line `start` of each (they share the lines before).
    static func tree(_ leaves: [(name: String, lines: [String])], from start: Int, indent: String) -> [String] {
        guard leaves.count > 1 else { return leaves.first.map { $0.lines[start...].map { indent + $0 } } ?? [] }
        var shared = start
        while leaves.allSatisfy({ shared < $0.lines.count && $0.lines[shared] == leaves[0].lines[shared] }) {
            shared += 1
        }
        var lines = leaves[0].lines[start..<shared].map { indent + $0 }
        var groups: [(line: String, leaves: [(name: String, lines: [String])])] = []
        for leaf in leaves {
            if let index = groups.firstIndex(where: { $0.line == leaf.lines[shared] }) {
                groups[index].leaves.append(leaf)
            } else {
                groups.append((leaf.lines[shared], [leaf]))
            }
        }
        for group in groups {
            let name = group.leaves.map(\.name).joined(separator: " + ")
            lines.append(indent + "branch \(literal(name)) (function()")
            lines += tree(group.leaves, from: shared, indent: indent + "  ")
            lines.append(indent + "end)")
        }
        return lines
    }

    /// The branches that are not the start of another (nor the same as one written before):
    /// a branch the chat forked from at its newest message has nothing of its own to test.
    static func distinctLeaves(_ leaves: [(name: String, lines: [String])]) -> [(name: String, lines: [String])] {
        leaves.enumerated().filter { index, leaf in
            !leaves.enumerated().contains { other, candidate in
                other != index && candidate.lines.starts(with: leaf.lines)
                    && (candidate.lines.count > leaf.lines.count || other < index)
            }
        }.map(\.element)
    }

    /// A branch name a scenario accepts: no `/`, `›` or control characters (it names the
    /// transcript file), never empty.
    static func safeName(_ name: String) -> String {
        let cleaned = String(
            name.map { character -> Character in
                character == "/" || character == "›"
                    || character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? "-" : character
            }
        ).trimmingCharacters(in: .whitespaces)
        return cleaned.isEmpty ? "branch" : cleaned
    }
}
