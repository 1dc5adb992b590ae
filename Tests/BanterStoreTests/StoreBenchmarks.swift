@testable import BanterStore
import BanterCore
import Foundation
import GRDB
import Testing

/// Measurements, not tests: they print timings and assert only correctness. Off by default;
/// run them optimised with
/// `BANTER_STORE_BENCHMARKS=1 swift test -c release --filter StoreBenchmarks`
/// (the bulk comparison needs the `sqlite3` command).
@Suite("Store benchmarks", .enabled(if: ProcessInfo.processInfo.environment["BANTER_STORE_BENCHMARKS"] == "1"))
struct StoreBenchmarks {
    private static let bulkCount = 100_000

    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    private func percentile95(_ values: [Double]) -> Double { values.sorted()[values.count * 95 / 100] }

    @Test func oneMessagePerTransaction() throws {
        let folder = try TemporaryFolder()
        let store = try ChatStore(path: folder.file("send.sqlite"))
        let conversation = try store.createConversation(title: "send", createdAt: referenceTime)
        for synchronous in ["FULL", "NORMAL"] {
            try store.dbQueue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = \(synchronous)") }
            var timings: [Double] = []
            for n in 0..<1_000 {
                timings.append(try seconds {
                    try store.append(conversationID: conversation.id, sender: .me, text: "message number \(n)", sentAt: at(Int64(n)))
                })
            }
            print(String(
                format: "benchmark: one send per transaction, synchronous=%@: median %.3f ms, p95 %.3f ms",
                synchronous, median(timings) * 1000, percentile95(timings) * 1000))
        }
    }

    /// CPU seconds used so far by this process (`RUSAGE_SELF`) or its finished children.
    private func cpuSeconds(_ who: Int32) -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(who), &usage)
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Wall and CPU seconds of `body`, measured with `who`'s CPU clock.
    private func measure(_ who: Int32, _ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
        let cpuBefore = cpuSeconds(who)
        let wall = try seconds(body)
        return (wall, cpuSeconds(who) - cpuBefore)
    }

    /// The same rows through ChatStore and through the sqlite3 command (same schema, one
    /// transaction each), alternated three times; the best of each is reported, in CPU time
    /// too because wall time is noisy on a shared machine.
    @Test func bulkInsertAgainstTheSQLiteCommandLine() throws {
        let folder = try TemporaryFolder()
        let texts = (0..<Self.bulkCount).map { "Message \($0): a café, some words 🌹 and a bit more text" }
        var storeRuns: [(wall: Double, cpu: Double)] = []
        var cliRuns: [(wall: Double, cpu: Double)] = []
        var lastStore: ChatStore?
        var lastConversation: Conversation?
        for round in 0..<3 {
            let path = folder.file("bulk\(round).sqlite")
            let roundStore = try ChatStore(path: path)
            let roundConversation = try roundStore.createConversation(title: "bulk", createdAt: referenceTime)
            let messages = texts.enumerated().map { n, text in
                NewMessage(
                    conversationID: roundConversation.id, sender: n.isMultiple(of: 2) ? .me : .them,
                    text: text, sentAt: at(Int64(n / 3)))
            }
            storeRuns.append(try measure(RUSAGE_SELF.rawValue) { _ = try roundStore.append(contentsOf: messages) })
            #expect(try roundStore.messageCount(conversationID: roundConversation.id) == Self.bulkCount)
            let scriptPath = try writeCLIScript(for: messages, schemaFrom: roundStore, in: folder)
            cliRuns.append(try measure(RUSAGE_CHILDREN.rawValue) {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
                process.arguments = [folder.file("cli\(round).sqlite"), ".read \(scriptPath)"]
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
            })
            let cliCount = try DatabaseQueue(path: folder.file("cli\(round).sqlite")).read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM messages")
            }
            #expect(cliCount == Self.bulkCount)
            lastStore = roundStore
            lastConversation = roundConversation
        }
        let bestStore = (wall: storeRuns.map(\.wall).min()!, cpu: storeRuns.map(\.cpu).min()!)
        let bestCLI = (wall: cliRuns.map(\.wall).min()!, cpu: cliRuns.map(\.cpu).min()!)
        print(String(
            format: "benchmark: %d inserts in one transaction, best of 3: ChatStore %.3f s wall / %.3f s CPU, "
                + "sqlite3 CLI %.3f s wall / %.3f s CPU (ratio %.2f wall, %.2f CPU)",
            Self.bulkCount, bestStore.wall, bestStore.cpu, bestCLI.wall, bestCLI.cpu,
            bestStore.wall / bestCLI.wall, bestStore.cpu / bestCLI.cpu))

        let (store, conversation) = (try #require(lastStore), try #require(lastConversation))
        var pageTimings: [Double] = []
        var page = try store.latestMessages(conversationID: conversation.id, limit: 50)
        while let oldest = page.first, pageTimings.count < 200 {
            pageTimings.append(try seconds { page = try store.messages(before: oldest, limit: 50) })
        }
        let searchSeconds = try seconds { _ = try store.search("cafe words", limit: 50) }
        print(String(
            format: "benchmark: page of 50 at %d messages: median %.3f ms; search: %.3f ms",
            Self.bulkCount, median(pageTimings) * 1000, searchSeconds * 1000))
    }

    /// Writes an SQL script that creates the store's schema and inserts `messages` in one
    /// transaction, as literal INSERT statements.
    private func writeCLIScript(for messages: [NewMessage], schemaFrom store: ChatStore, in folder: TemporaryFolder) throws -> String {
        let schema = try store.dbQueue.read { db in
            try String.fetchAll(db, sql: """
                SELECT sql FROM sqlite_master
                WHERE sql NOT NULL AND name NOT LIKE 'sqlite_%' AND NOT (type = 'table' AND name LIKE 'messages_fts_%')
                ORDER BY rowid
                """)
        }
        var script = "PRAGMA journal_mode = WAL;\nPRAGMA synchronous = FULL;\nPRAGMA foreign_keys = ON;\n"
        script += schema.map { $0 + ";\n" }.joined()
        script += """
            INSERT INTO conversations (id, title, section_gap_ms, cluster_gap_ms, header_pattern, created_at)
            VALUES (\(messages[0].conversationID), 'bulk', 1, 1, '', 0);
            BEGIN IMMEDIATE;

            """
        for message in messages {
            let text = message.text.replacingOccurrences(of: "'", with: "''")
            script += "INSERT INTO messages (conversation_id, sender, text, sent_at, status) VALUES "
                + "(\(message.conversationID), '\(message.sender.rawValue)', '\(text)', "
                + "\(message.sentAt.millisecondsSince1970), '\(message.status.rawValue)');\n"
        }
        script += "COMMIT;\n"
        let path = folder.file("bulk.sql")
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
