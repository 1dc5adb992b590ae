/// A `branch "NAME" { … }` of a scenario as the script loads: its steps, then the branches
/// written inside it. The scenario itself is the root (no name): the shared prefix, then its
/// branches. Steps come before a node's branches, never after (`ScenarioCollector` checks).
struct ScenarioBranch {
    var name: String
    /// Where `branch` was called (the root: nil).
    var location: SourceLocation?
    var steps: [ScenarioStep] = []
    var children: [ScenarioBranch] = []

    /// Every path from this node to a branch with no branches inside, each run as its own
    /// test case: the steps along the path, in order. A node without branches has none.
    func leaves() -> [ScenarioLeaf] {
        children.flatMap { child in
            let below = child.leaves()
            guard !below.isEmpty else { return [ScenarioLeaf(names: [child.name], steps: steps + child.steps)] }
            return below.map { ScenarioLeaf(names: [child.name] + $0.names, steps: steps + $0.steps) }
        }
    }
}

/// One leaf of a scenario's branches: a test case of its own, whose steps are the shared
/// prefix and each branch on the way to it.
package struct ScenarioLeaf: Sendable {
    /// The branch names from the outermost in.
    package let names: [String]
    package let steps: [ScenarioStep]

    /// How a run names the leaf: `says no`, or `says no › tries again` for a nested one.
    package var name: String { names.joined(separator: Self.separator) }

    /// What joins the names of nested branches, and a scenario's name to its leaf's.
    package static let separator = " › "
}
