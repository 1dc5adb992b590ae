import BanterCore
import BanterStore
import Foundation

/// Sending one message: each append is its own durable transaction in WAL mode. Compared
/// with the same INSERT through the SQLite C API, each in its own transaction with the same
/// pragmas, on a copy of the same database, and with the disk's own floor: one small write
/// made durable by `fdatasync`, which every durable commit must wait for at least once.
struct SendBenchmark: Benchmark {
    let name = "send"
    let count = 300

    func run(in context: BenchContext) throws -> [Figure] {
        _ = try context.templateDatabase()
        let workspace = context.workspace
        try workspace.copyDatabase("template.sqlite", to: "send-banter.sqlite")
        try workspace.copyDatabase("template.sqlite", to: "send-raw.sqlite")
        let texts = context.corpus.rows(0..<count + 20)
        var next = 0

        let store = try ChatStore(path: workspace.path("send-banter.sqlite"))
        let banter = try Samples.collect(warmUp: 20, count: count) {
            let row = texts[next]
            next += 1
            return try Stopwatch.seconds {
                try store.append(conversationID: 1, sender: row.sender, text: row.text, sentAt: row.sentAt)
            }
        }

        let raw = try RawDatabase(path: workspace.path("send-raw.sqlite"))
        try raw.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        let insert = try raw.prepare(
            "INSERT INTO messages (conversation_id, sender, text, sent_at, status) VALUES (1, ?, ?, ?, 'sent')")
        next = 0
        let bare = try Samples.collect(warmUp: 20, count: count) {
            let row = texts[next]
            next += 1
            return try Stopwatch.seconds {
                try raw.execute("BEGIN IMMEDIATE")
                insert.bind([
                    .text(row.sender.role.rawValue), .text(row.text), .integer(row.sentAt.millisecondsSince1970),
                ])
                try insert.run()
                try raw.execute("COMMIT")
            }
        }
        let sync = try Self.syncLatency(path: workspace.path("sync.bin"), count: count)
        return [
            Figure(
                name: "store: send one message (own transaction, WAL), median",
                value: banter.medianMilliseconds, unit: .milliseconds,
                target: Target(value: .atMost(1)),
                baseline: Baseline(name: "SQLite C API, same INSERT and pragmas", value: bare.medianMilliseconds)),
            Figure(
                name: "disk: write 4 KiB + fdatasync, median (floor of a durable commit)",
                value: sync.medianMilliseconds, unit: .milliseconds, target: Target()),
        ]
    }

    /// Writes 4 KiB and waits for `fdatasync`, `count` times, in the workspace's file system.
    private static func syncLatency(path: String, count: Int) throws -> Samples {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw BenchError("could not create \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        let page = [UInt8](repeating: 0x2A, count: 4_096)
        var offset = 0
        return try Samples.collect(warmUp: 5, count: count) {
            defer { offset += page.count }
            return try Stopwatch.seconds {
                guard pwrite(descriptor, page, page.count, off_t(offset)) == page.count, fdatasync(descriptor) == 0
                else {
                    throw BenchError("writing \(path) failed: \(String(cString: strerror(errno)))")
                }
            }
        }
    }
}
