import BanterCore
import GRDB

extension ChatStore {
    /// Finds messages containing every word of `text` (in their text, an attachment's
    /// caption, or in its file name), most recently stored first.
    ///
    /// Results come in reverse insertion order (message ids), which FTS5 walks without
    /// sorting, so a limited search stays fast however many messages match.
    ///
    /// Matching ignores case and diacritics ("cafe" finds "café" and the other way round).
    /// The text is taken literally: FTS5 syntax in it (`AND`, quotes, `*`) is searched for as
    /// words. Text without any searchable word (only emoji or punctuation) finds nothing.
    ///
    /// - Parameter conversationID: limits the search to one conversation; nil searches all.
    package func search(_ text: String, conversationID: Int64? = nil, limit: Int = 50) throws(StoreError) -> [SearchHit]
    {
        guard let pattern = SearchQuery.matchExpression(for: text) else { return [] }
        try deferredSearchIndex?.build(in: self)
        let open = String(HighlightedText.openMarker)
        let close = String(HighlightedText.closeMarker)
        let conversationFilter = conversationID == nil ? "" : "AND m.conversation_id = :conversationID"
        let sql = """
            SELECT \(MessageRecord.columns(alias: "m")), highlight(messages_fts, 0, :open, :close) AS highlighted
            FROM messages_fts
            JOIN messages m ON m.id = messages_fts.rowid
            WHERE messages_fts MATCH :pattern \(conversationFilter)
            ORDER BY messages_fts.rowid DESC
            LIMIT :limit
            """
        var arguments: StatementArguments = ["open": open, "close": close, "pattern": pattern, "limit": limit]
        if let conversationID { arguments += ["conversationID": conversationID] }
        return try read("search messages") { db in
            let statement = try db.makeStatement(sql: sql)
            let indices = MessageRecord.Indices(statement.columnNames)
            let highlightedIndex = statement.columnNames.firstIndex(of: "highlighted") ?? statement.columnCount - 1
            let rows = try Row.fetchAll(statement, arguments: arguments)
            var messages = try rows.map { try MessageRecord.message($0, indices) }
            try Self.attachReactions(db, to: &messages)
            return try zip(messages, rows).map { message, row in
                let highlighted: String = try row.decode(atIndex: highlightedIndex)
                return SearchHit(
                    message: message,
                    matches: HighlightedText.matchRanges(in: message.text, highlighted: highlighted))
            }
        }
    }
}
