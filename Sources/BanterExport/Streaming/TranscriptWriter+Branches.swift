import BanterCore

/// Every branch of a conversation that forked, in one page (HTML): the tree's stretches are
/// read a page at a time and written as they come, so the export still needs memory for one
/// page (and the tree's shape), whatever the branches hold.
extension TranscriptWriter {
    /// Writes `tree`: each stretch is read with `read` (which returns the stretch's next
    /// messages after its `after`, oldest first, and none at its end), and `flush` is called
    /// after each page with the text written so far (write it out and empty it). At a branch
    /// point the alternatives follow one another, each grouped from the branch point as the
    /// chat would group that branch. Call `finish` after it, as after `add`.
    package mutating func add(
        _ tree: BranchTree, read: (BranchTree.Stretch) throws -> [Message], into output: inout String,
        flush: (inout String) throws -> Void
    ) rethrows {
        precondition(format.drawsEveryBranch, "\(format) draws one branch")
        if !began { begin(into: &output) }
        try draw(tree, read: read, into: &output, flush: flush)
    }

    private mutating func draw(
        _ tree: BranchTree, read: (BranchTree.Stretch) throws -> [Message], into output: inout String,
        flush: (inout String) throws -> Void
    ) rethrows {
        var stretch = tree.stretch
        while true {
            let page = try read(stretch)
            guard let last = page.last else { break }
            add(page, into: &output)
            try flush(&output)
            stretch.after = BranchTree.Position(of: last)
        }
        guard let fork = tree.fork, let point = held?.message else { return }
        // Which alternatives go on in the branch point's cluster: its bubble has the tail
        // unless all do, and the page hides it while one that does is shown.
        let joins = fork.alternatives.map { alternative in
            alternative.first.map { rules.boundary(from: point, to: $0) == .sameCluster } ?? false
        }
        emitHeld(
            continuedByNext: !joins.contains(false), isNewest: fork.alternatives[fork.shown].first == nil,
            into: &output)
        formatter.clusterEnded(into: &output)
        formatter.sectionEnded(into: &output)
        formatter.forkStarted(fork, into: &output)
        for (index, alternative) in fork.alternatives.enumerated() {
            formatter.alternativeStarted(index, of: fork, joinsCluster: joins[index], into: &output)
            if let first = alternative.first, var below = alternative.tree {
                switch rules.boundary(from: point, to: first) {
                case .newSection:
                    open(section: first, into: &output)
                case .newCluster:
                    formatter.sectionContinued(into: &output)
                    formatter.clusterStarted(sender: first.sender, into: &output)
                    held = (first, false, nil)
                case .sameCluster:
                    formatter.sectionContinued(into: &output)
                    formatter.clusterContinued(sender: first.sender, into: &output)
                    held = (first, true, nil)
                }
                switcher = (first.id, index, fork)
                below.stretch.after = BranchTree.Position(of: first)
                try draw(below, read: read, into: &output, flush: flush)
                closeHeld(into: &output)
            } else {
                formatter.switcher(index, of: fork, into: &output)
            }
            formatter.alternativeEnded(into: &output)
        }
        formatter.forkEnded(into: &output)
        try flush(&output)
    }
}
