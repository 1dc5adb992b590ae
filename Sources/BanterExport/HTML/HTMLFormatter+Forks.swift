import BanterCore

/// Every branch on one page, the reader switching siblings as in a chat app (`‹ 2/3 ›`), with
/// no script: each fork is a group of radio buttons, one before each alternative, and the
/// style sheet shows the alternative after the checked one (`:checked + .alt`), which the
/// page checks for the current branch's. The switcher's arrows are labels of the neighbours'
/// radio buttons; forks nest, each with its own group, so switching a sibling shows the path
/// below it as it was left. The groups' names and ids are numbers counted here, never
/// anything stored; the branch names are sanitised and escaped like every other text.
extension HTMLFormatter {
    mutating func forkStarted(_ fork: BranchTree.Fork, into output: inout String) {
        forkCount += 1
        openForks.append(forkCount)
        output += "<div class=\"fork\">\n"
    }

    /// The alternative's radio button (`joins`: it hides the branch point's tail) and its box.
    func alternativeStarted(_ index: Int, of fork: BranchTree.Fork, joinsCluster: Bool, into output: inout String) {
        let checked = index == fork.shown ? " checked" : ""
        let joins = joinsCluster ? " joins" : ""
        output +=
            "<input type=\"radio\" class=\"pick\(joins)\" name=\"fork\(openForks.last ?? 0)\" id=\(radioID(index))\(checked)"
            + " aria-label=\"version \(index + 1) of \(fork.alternatives.count)\">\n<div class=\"alt\">\n"
    }

    func sectionContinued(into output: inout String) {
        output += "<section>\n"
    }

    /// `‹ 2/3 › branch 2 "pizza"`: an arrow is a label of the neighbour's radio button (none
    /// at either end); the branches that end at the branch point say so.
    func switcher(_ index: Int, of fork: BranchTree.Fork, into output: inout String) {
        let alternative = fork.alternatives[index]
        func arrow(_ glyph: String, to target: Int, _ title: String) -> String {
            guard fork.alternatives.indices.contains(target) else { return "<span class=\"off\">\(glyph)</span>" }
            return "<label for=\(radioID(target)) title=\"\(title)\">\(glyph)</label>"
        }
        var names = alternative.branches.map(\.numberAndName).joined(separator: ", ")
        if alternative.first == nil { names += alternative.branches.count == 1 ? " ends here" : " end here" }
        output +=
            "<div class=\"switcher\">" + arrow("‹", to: index - 1, "previous version")
            + "<span class=\"count\">\(index + 1)/\(fork.alternatives.count)</span>"
            + arrow("›", to: index + 1, "next version")
            + "<span class=\"switch-branch\" dir=\"auto\">\(Self.line(names))</span></div>\n"
    }

    func alternativeEnded(into output: inout String) {
        output += "</div>\n"
    }

    mutating func forkEnded(into output: inout String) {
        openForks.removeLast()
        output += "</div>\n"
    }

    /// The quoted id of the innermost open fork's radio button for alternative `index`.
    private func radioID(_ index: Int) -> String {
        "\"fork\(openForks.last ?? 0)-\(index + 1)\""
    }
}
