import BanterCore
import BanterStore

/// Reading the conversation: pages, search, the list of conversations, and messages other
/// processes wrote.
extension ChatSession {
    /// Replaces the window with the newest page of the conversation.
    func loadLatestPage() throws(ChatError) {
        let conversationID = conversation.id
        let limit = options.pageSize
        // The change log first: a change committed after this read shows in the next poll.
        changeWatermark = try storing { () throws(StoreError) in
            try store.latestChangeID(conversationID: conversationID)
        }
        let page = try storing { () throws(StoreError) in
            try store.latestPage(conversationID: conversationID, limit: limit)
        }
        reachedBeginning = page.reachedBeginning
        messages = page.messages
        readWatermark = messages.lazy.map(\.id).max() ?? 0
        refreshSiblings()
    }

    /// Loads the page before the oldest loaded message into the window.
    ///
    /// - Returns: how many messages were added; 0 when the beginning was already reached.
    @discardableResult
    package func loadOlderPage() throws(ChatError) -> Int {
        guard !reachedBeginning, let oldest = messages.first else {
            reachedBeginning = true
            return 0
        }
        let limit = options.pageSize
        let page = try storing { () throws(StoreError) in try store.page(before: oldest, limit: limit) }
        reachedBeginning = page.reachedBeginning
        messages.insert(contentsOf: page.messages, at: 0)
        if hasForked { refreshSiblings() }
        return page.messages.count
    }

    /// Messages of the open conversation containing every word of `text`, newest first.
    package func search(_ text: String, limit: Int = 50) throws(ChatError) -> [SearchHit] {
        let conversationID = conversation.id
        return try storing { () throws(StoreError) in
            try store.search(text, conversationID: conversationID, limit: limit)
        }
    }

    /// Every conversation with its newest message and unread count, most recent first.
    package func conversationSummaries() throws(ChatError) -> [ConversationSummary] {
        try storing { () throws(StoreError) in try store.conversationSummaries() }
    }

    /// Picks up what another process (a second terminal) wrote to the open conversation:
    /// new messages, messages changed in place (edits, deletions, reactions, statuses) and
    /// changed grouping rules are published like local ones.
    ///
    /// - Returns: whether anything changed.
    @discardableResult
    package func pollExternalChanges() throws(ChatError) -> Bool {
        guard try storing({ () throws(StoreError) in try store.hasExternalChanges() }) else { return false }
        let conversationID = conversation.id
        var changed = false
        if let fresh = try storing({ () throws(StoreError) in try store.conversation(id: conversationID) }),
            fresh.rules != conversation.rules
        {
            conversation.rules = fresh.rules
            publish(.rulesChanged(fresh.rules), from: .otherProcess)
            changed = true
        }
        // By id, not by time: another process may commit a message whose time is earlier
        // than one this session wrote meanwhile. Ids grow with every commit in any process,
        // so everything above the highest id read before is new to this session (or its own).
        var newer: [Message] = []
        while true {
            let after = readWatermark
            let batch = try storing { () throws(StoreError) in
                try store.messages(conversationID: conversationID, insertedAfter: after, limit: 1000)
            }
            newer += batch
            readWatermark = batch.last?.id ?? readWatermark
            if batch.count < 1000 { break }
        }
        let known = Set(messages.map(\.id))
        for message in newer where !known.contains(message.id) {
            insertIntoWindow(message)
            publish(.messageAdded(message), from: .otherProcess)
            markSeen(message)
            heardFromOtherProcess(message)
            changed = true
        }
        if try publishChangedMessages() { changed = true }
        return changed
    }

    /// Publishes the loaded messages that the store's change log says changed since the
    /// last look and that differ from what the window holds (this session's own changes
    /// are in the log too, and already shown).
    private func publishChangedMessages() throws(ChatError) -> Bool {
        let (conversationID, after) = (conversation.id, changeWatermark)
        let (changedMessages, latest) = try storing { () throws(StoreError) in
            try store.messagesChanged(conversationID: conversationID, after: after)
        }
        changeWatermark = latest
        var changed = false
        for message in changedMessages {
            guard let index = messages.lastIndex(where: { $0.id == message.id }), messages[index] != message else {
                continue
            }
            messages[index] = message
            publish(.messageUpdated(message), from: .otherProcess)
            changed = true
        }
        return changed
    }
}
