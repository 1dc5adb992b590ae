import BanterCore
import BanterStore
import Foundation

/// Appending 100 000 messages in one transaction: Banter's store (open, batch append,
/// close) against the `sqlite3` command-line tool running the same INSERTs from an SQL file
/// into a copy of the same empty database, schema, triggers and full-text index included;
/// and, for information, against the same rows through the SQLite C API.
struct AppendBenchmark: Benchmark {
    let name = "append"
    let count = 100_000

    func run(in context: BenchContext) throws -> [Figure] {
        _ = try context.templateDatabase()
        let messages = context.corpus.newMessages(conversationID: 1, range: 0..<count)
        let script = context.workspace.path("append.sql")
        try Self.insertScript(context.corpus.rows(0..<count)).write(toFile: script, atomically: false, encoding: .utf8)
        let workspace = context.workspace
        context.log(
            "append: \(count) messages, Banter's store vs sqlite3 (3 runs each, no warm-up: each run takes seconds)")

        let banter = try Samples.collect(warmUp: 0, count: 3) {
            try workspace.copyDatabase("template.sqlite", to: "append-banter.sqlite")
            return try Stopwatch.seconds {
                var store: ChatStore? = try ChatStore(path: workspace.path("append-banter.sqlite"))
                try store!.append(contentsOf: messages)
                store = nil
            }
        }
        let sqlite = try Samples.collect(warmUp: 0, count: 3) {
            try workspace.copyDatabase("template.sqlite", to: "append-sqlite.sqlite")
            return try ChildProcess.run("sqlite3", [workspace.path("append-sqlite.sqlite")], inputPath: script).seconds
        }
        try Self.checkCount(workspace.path("append-sqlite.sqlite"), expected: count)
        let bare = try Samples.collect(warmUp: 0, count: 3) {
            try workspace.copyDatabase("template.sqlite", to: "append-raw.sqlite")
            return try Stopwatch.seconds {
                try Self.appendThroughCAPI(messages, path: workspace.path("append-raw.sqlite"))
            }
        }
        return [
            Figure(
                name: "store: append 100 000 messages in one transaction",
                value: banter.medianMilliseconds, unit: .milliseconds,
                target: Target(ratio: .atMost(1.5)),
                baseline: Baseline(name: "sqlite3 CLI, same INSERTs", value: sqlite.medianMilliseconds)),
            Figure(
                name: "store: append 100 000 messages, against the C API",
                value: banter.medianMilliseconds, unit: .milliseconds, target: Target(),
                baseline: Baseline(name: "SQLite C API, one prepared INSERT", value: bare.medianMilliseconds)),
        ]
    }

    /// The fastest the engine can do it: open, one prepared INSERT in one transaction,
    /// close; the CLI baseline also compiles every statement and its allocator thrashes
    /// (`brk` about twice per INSERT), so this shows Banter's own overhead.
    private static func appendThroughCAPI(_ messages: [NewMessage], path: String) throws {
        let database = try RawDatabase(path: path)
        try database.execute("PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; BEGIN IMMEDIATE")
        let insert = try database.prepare(
            "INSERT INTO messages (conversation_id, sender, text, sent_at, status) VALUES (?, ?, ?, ?, ?)")
        for message in messages {
            insert.bind([
                .integer(message.conversationID), .text(message.sender.role.rawValue), .text(message.text),
                .integer(message.sentAt.millisecondsSince1970), .text(message.status.rawValue),
            ])
            try insert.run()
        }
        try database.execute("COMMIT")
    }

    /// BEGIN; one INSERT per message; COMMIT, with the connection settings Banter's store
    /// runs with (GRDB turns foreign keys on; the WAL mode is already in the database file).
    static func insertScript(_ rows: [(sender: Sender, text: String, sentAt: Timestamp)]) -> String {
        var script = "PRAGMA synchronous = NORMAL;\nPRAGMA foreign_keys = ON;\nBEGIN IMMEDIATE;\n"
        script.reserveCapacity(rows.count * 160)
        for row in rows {
            let text = row.text.replacingOccurrences(of: "'", with: "''")
            script +=
                "INSERT INTO messages (conversation_id, sender, text, sent_at, status) VALUES (1, '\(row.sender.role.rawValue)', '\(text)', \(row.sentAt.millisecondsSince1970), 'sent');\n"
        }
        script += "COMMIT;\n"
        return script
    }

    /// Proves the baseline did the work: a silently failing script would look very fast.
    private static func checkCount(_ path: String, expected: Int) throws {
        let run = try ChildProcess.run("sqlite3", [path, "SELECT count(*) FROM messages"], captureOutput: true)
        let found = run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard found == String(expected) else {
            throw BenchError("the sqlite3 baseline stored \(found) messages instead of \(expected)")
        }
    }
}
