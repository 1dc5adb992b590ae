import BanterCore
import BanterStore

/// Siblings of the open branch's messages: the other answers to the same message
/// (`‹ 2/3 ›` on a bubble), moving between them (`/sibling`, Alt-Left/Alt-Right), and
/// `/edit --branch`, which writes a sibling of one of your messages.
extension ChatSession {
    /// Works out again where the window's messages stand among their siblings (nothing
    /// but one lookup when the conversation never forked); a failure keeps what was known.
    func refreshSiblings() {
        let found: [Int64: Siblings]?
        do { found = try store.siblings(in: messages) } catch { return }
        siblings = found ?? [:]
        hasForked = found != nil
    }

    /// Shows the next (or previous) sibling of the newest message in the window that has
    /// any: that sibling's branch becomes current and the path below it is drawn again.
    @discardableResult
    package func switchSibling(forward: Bool) throws(ChatError) -> (branch: Branch, siblings: Siblings) {
        guard let message = messages.last(where: { siblings[$0.id] != nil }), let current = siblings[message.id]
        else {
            throw .noSuchMessage(
                "no message here has siblings: /retry or /fork writes another answer, /tree shows the branches")
        }
        let target = current.index + (forward ? 1 : -1)
        guard current.ids.indices.contains(target) else {
            throw .noSuchMessage(
                "#\(message.id) is the \(forward ? "last" : "first") of its \(current.ids.count) siblings (\(current.label))"
            )
        }
        let conversationID = conversation.id
        let branch = try storing { () throws(StoreError) in
            try store.switchBranch(conversationID: conversationID, toBranchOf: current.ids[target])
        }
        try showBranch()
        if let newest = messages.last { clock.advance(to: newest.sentAt) }
        return (branch, Siblings(ids: current.ids, index: target))
    }

    /// Writes `text` as a sibling of your message `reference` names: a new branch forked at
    /// the message before it, on which `text` is sent (the bot answers it there); the
    /// message and what followed it stay on their branch.
    @discardableResult
    package func editAsBranch(_ reference: MessageReference, text: String) throws(ChatError) -> Branch {
        guard !text.allSatisfy(\.isWhitespace) else { throw .emptyEdit }
        let message = try resolve(reference, for: .edit)
        let parent = try storing { () throws(StoreError) in try store.parent(of: message.id) }
        guard let parent else {
            throw .messageNotAllowed(
                "#\(message.id) is the conversation's first message: there is nothing before it to fork at")
        }
        let branch = try fork(at: .id(parent.id))
        try send(text)
        return branch
    }
}
