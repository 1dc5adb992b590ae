import BanterCore

/// One branch of the conversation in a version 2 header's `branches` list (in branch
/// number order, the first branch first), identified by the ids its messages have in the
/// file: what an import needs to give the same branches their labels and to make the same
/// one current. TranscriptFormat.md describes it.
package struct TranscriptBranch: Hashable, Sendable, Codable {
    /// The `/branch NAME` label, if any.
    package var name: String?
    /// The message the branch continues from; absent for the first branch.
    package var forkID: Int64?
    /// The branch's first own message (its parent is `forkID`); absent for the first
    /// branch and for a branch nothing was written on.
    package var firstID: Int64?
    /// Whether the conversation shows this branch; absent (false) on all but one.
    package var current: Bool?

    package init(name: String?, forkID: Int64?, firstID: Int64?, current: Bool) {
        self.name = name
        self.forkID = forkID
        self.firstID = firstID
        self.current = current ? true : nil
    }

    enum CodingKeys: String, CodingKey {
        case name
        case forkID = "fork_id"
        case firstID = "first_id"
        case current
    }
}

extension [TranscriptBranch] {
    /// Checks what the header alone can tell: the first branch has no fork, every other
    /// one has, labels are valid and unique, first messages are not shared, and at most
    /// one branch is current. Whether the messages named are in the file is checked as
    /// they come (`TranscriptReader`).
    func validated() throws(ImportError) -> [TranscriptBranch] {
        var names: [String: Int] = [:]
        var firsts: [Int64: Int] = [:]
        var current: Int?
        for (index, branch) in enumerated() {
            let path = "$.branches[\(index)]"
            if index == 0, branch.forkID != nil || branch.firstID != nil {
                throw .invalidValue(
                    path: "\(path).\(branch.forkID != nil ? "fork_id" : "first_id")",
                    reason: "the first entry is the first branch, which continues from no message: remove it")
            }
            if index > 0, branch.forkID == nil { throw .missingField(path: "\(path).fork_id") }
            if let name = branch.name {
                if let problem = Branch.nameProblem(name) {
                    throw .invalidValue(path: "\(path).name", reason: "not a branch label: \(problem)")
                }
                if let other = names[name] {
                    throw .invalidValue(
                        path: "\(path).name",
                        reason: "branch \(other + 1) is labelled \"\(name)\" too: a label names one branch")
                }
                names[name] = index
            }
            if let firstID = branch.firstID {
                if firstID == branch.forkID {
                    throw .invalidValue(
                        path: "\(path).first_id", reason: "a branch's first message comes after its fork_id")
                }
                if let other = firsts[firstID] {
                    throw .invalidValue(
                        path: "\(path).first_id", reason: "message \(firstID) starts branch \(other + 1) already")
                }
                firsts[firstID] = index
            }
            if branch.current == true {
                if let current {
                    throw .invalidValue(
                        path: "\(path).current", reason: "branch \(current + 1) is current already: only one can be")
                }
                current = index
            }
        }
        return self
    }
}
