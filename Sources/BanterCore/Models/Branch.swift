/// One branch of a conversation: a path from its first message to a leaf. A conversation
/// is a tree; the chat shows one branch at a time (the current one), and forking at a
/// message starts a new branch that shares everything before it (see docs/architecture.md,
/// "Branches"). Every conversation has its first branch, number 1, the straight line every
/// conversation had before branches existed.
package struct Branch: Hashable, Sendable, Identifiable {
    /// The store's id; nil for the first branch while it was never named (it has no row).
    package var storedID: Int64?
    /// 1 for the first branch, then in the order the branches were made: what `/switch N`
    /// takes and `/tree` shows.
    package var number: Int
    /// The label given with `/branch NAME`, unique in its conversation.
    package var name: String?
    /// The message the branch continues from; nil for the first branch.
    package var forkMessageID: Int64?
    /// The number of the branch the fork message was written on (the one this branch
    /// grew out of); nil for the first branch.
    package var parentNumber: Int?
    /// How many messages were written on this branch itself (not those it shares).
    package var ownMessageCount: Int

    package init(
        storedID: Int64?, number: Int, name: String?, forkMessageID: Int64?, parentNumber: Int? = nil,
        ownMessageCount: Int
    ) {
        self.storedID = storedID
        self.number = number
        self.name = name
        self.forkMessageID = forkMessageID
        self.parentNumber = parentNumber
        self.ownMessageCount = ownMessageCount
    }

    package var id: Int { number }

    /// How the branch is named in messages: its label, else "branch N".
    package var displayName: String { name.map { "\"\($0)\"" } ?? "branch \(number)" }

    /// Its number and its label when it has one: `branch 2 "pizza"` (exports name both).
    package var numberAndName: String { "branch \(number)" + (name.map { " \"\($0)\"" } ?? "") }

    /// The longest branch name, in characters.
    static let maximumNameLength = 64

    /// What is wrong with `name` as a branch label, or nil: shared by `/branch NAME` and
    /// the import of a transcript's labels, so both accept the same names.
    package static func nameProblem(_ name: String) -> String? {
        if name.isEmpty || name.allSatisfy(\.isWhitespace) { return "a branch name cannot be empty" }
        if name.count > maximumNameLength { return "at most \(maximumNameLength) characters" }
        if Int(name) != nil { return "a number is a branch's number (/switch N), so a name needs a letter" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "control characters are not allowed"
        }
        return nil
    }
}

/// Where a message stands among its siblings, the messages that follow the same message on
/// different branches (a `/retry`'s answers, the lines written after a `/fork`): drawn as
/// `‹ 2/3 ›` on its bubble, and what `/sibling next|prev` moves through.
package struct Siblings: Hashable, Sendable {
    /// Every sibling's id, the oldest first; the message itself among them.
    package var ids: [Int64]
    /// The message's place in `ids`, from 0.
    package var index: Int

    package init(ids: [Int64], index: Int) {
        self.ids = ids
        self.index = index
    }

    /// "2/3": the message's number among them, from 1, and how many there are.
    package var label: String { "\(index + 1)/\(ids.count)" }
}

/// A message with siblings as an export of one branch notes it (Markdown): where it stands
/// among them and the branch each sibling was written on (its number and label), in their
/// order.
package struct BranchPoint: Hashable, Sendable {
    package var siblings: Siblings
    package var branches: [Branch]

    package init(siblings: Siblings, branches: [Branch]) {
        self.siblings = siblings
        self.branches = branches
    }

    /// "2 of 3 versions here: branch 1 "yes", branch 2 "pizza" (this one), branch 3": the
    /// note an export writes under the message (untrusted labels: sanitise before writing).
    package var note: String {
        let names = branches.enumerated().map { index, branch in
            branch.numberAndName + (index == siblings.index ? " (this one)" : "")
        }
        return "\(siblings.index + 1) of \(siblings.ids.count) versions here: " + names.joined(separator: ", ")
    }
}
