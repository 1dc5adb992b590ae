import BanterStore

/// Full-text search for a rare word in 1 000 000 messages, against the same FTS5 query
/// (join, highlight, order, limit) through the SQLite C API.
struct SearchBenchmark: Benchmark {
    let name = "search"

    func run(in context: BenchContext) throws -> [Figure] {
        let path = try context.largeDatabase()
        let store = try ChatStore(path: path)
        let expected = BenchContext.largeCount / Corpus.rareWordPeriod
        let hits = try store.search(Corpus.rareWord, conversationID: 1)
        guard hits.count == expected else {
            throw BenchError("search for \"\(Corpus.rareWord)\" found \(hits.count) messages instead of \(expected)")
        }
        context.log("search: a rare word in 1 000 000 messages")
        let banter = try Samples.collect(warmUp: 5, count: 50) {
            try Stopwatch.seconds { blackHole(try store.search(Corpus.rareWord, conversationID: 1)) }
        }

        let raw = try RawDatabase(path: path)
        let query = try raw.prepare(
            """
            SELECT m.id, m.conversation_id, m.sender, m.text, m.sent_at, m.status,
                   highlight(messages_fts, 0, char(57344), char(57345))
            FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
            WHERE messages_fts MATCH ? AND m.conversation_id = ?
            ORDER BY messages_fts.rowid DESC LIMIT 50
            """)
        let bare = try Samples.collect(warmUp: 5, count: 50) {
            try Stopwatch.seconds {
                query.bind([.text("\"\(Corpus.rareWord)\""), .integer(1)])
                try query.run()
            }
        }
        return [
            Figure(
                name: "full-text search, rare word, 1 000 000 messages", value: banter.medianMilliseconds,
                unit: .milliseconds, target: Target(value: .atMost(5)),
                baseline: Baseline(name: "SQLite C API, same FTS5 query", value: bare.medianMilliseconds))
        ]
    }
}
