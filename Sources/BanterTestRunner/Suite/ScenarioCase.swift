import BanterLua
import BanterScenario
import Foundation

/// One test case of a suite: a scenario file, or one leaf of its `branch "NAME" { … }`.
/// Leaves are listed before the suite runs (`expand`), so that workers, shards and reports
/// see one ordinary entry per leaf. On the wire a leaf is one string, the path and the leaf's
/// name joined by a NUL byte, which no path can hold (`OverriddenScenario` joins three parts).
package struct ScenarioCase: Hashable, Sendable {
    package var path: String
    /// The leaf's name (`ScenarioLeaf.name`); nil for a whole scenario.
    package var leaf: String?

    package init(path: String, leaf: String? = nil) {
        self.path = path
        self.leaf = leaf
    }

    /// The entry's parts; any entry that is not a leaf is a whole scenario.
    package init(entry: String) {
        let parts = entry.split(separator: "\u{0}", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            self.init(path: entry)
            return
        }
        self.init(path: String(parts[0]), leaf: String(parts[1]))
    }

    package var entry: String { leaf.map { path + "\u{0}" + $0 } ?? path }

    /// How output and reports name it: the path, then ` › ` and the leaf's name.
    package var name: String { leaf.map { path + ScenarioLeaf.separator + $0 } ?? path }

    /// The suite entries of the scenarios at `paths`, in order: one per leaf for a scenario
    /// with branches, else the path itself. Only a file that says `branch` is loaded here
    /// (the rest stay one entry, unread); a file that does not load stays one entry too, and
    /// its worker reports why.
    package static func expand(_ paths: [String], limits: ScriptLimits) -> [String] {
        paths.flatMap { path -> [String] in
            guard let source = FileManager.default.contents(atPath: path),
                source.range(of: Data("branch".utf8)) != nil,
                let script = try? ScenarioScript(path: path, limits: limits), !script.leaves.isEmpty
            else { return [path] }
            return script.leaves.map { ScenarioCase(path: path, leaf: $0.name).entry }
        }
    }
}
