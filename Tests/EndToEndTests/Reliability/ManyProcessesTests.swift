import BanterChat
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import GRDB
import Testing

/// Many `banter chat` processes on one database and one conversation, started at the same
/// moment: opening a new conversation is "open or create" for every one of them, a bot's
/// opening messages go in exactly once, and under a sustained load of writers and live
/// readers every message is stored once, seen by every reader, and no "locked" reaches
/// anyone.
@Suite("Reliability: many processes, one database", .serialized)
struct ManyProcessesTests {
    /// Starts one piped `banter chat` per input at once (all processes are running before
    /// any gets its input) and waits for all of them.
    private func runTogether(_ arguments: [String], inputs: [String], fixture: ChatFixture) throws -> [BanterBinary
        .Result]
    {
        var running: [(Process, Pipe, PipeReader, PipeReader)] = []
        for _ in inputs {
            let process = BanterBinary.process(["chat"] + arguments, environment: ["HOME": fixture.folder.path])
            let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            running.append(
                (process, stdin, PipeReader(stdout.fileHandleForReading), PipeReader(stderr.fileHandleForReading)))
        }
        for ((_, stdin, _, _), input) in zip(running, inputs) {
            try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        let deadline = Date().addingTimeInterval(60)
        return try running.map { process, _, output, error in
            while process.isRunning && Date() < deadline { usleep(5_000) }
            if process.isRunning {
                process.terminate()
                throw ChildProcess.TimedOut(command: "banter chat " + arguments.joined(separator: " "), seconds: 60)
            }
            process.waitUntilExit()
            return BanterBinary.Result(
                status: process.terminationStatus, standardOutput: output.finish(), standardError: error.finish())
        }
    }

    @Test("six processes opening one new conversation with a bot: all open it, the greeting and seed go in once")
    func openOrCreateIsRaceFree() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write(
            "bot.lua",
            """
            bot { name = "Sam", greeting = "<greeting>" }
            seed { { from = "them", text = "<seed>", at = "-1d 10:00" } }
            """)
        // Five rounds, each on a new database file and a new conversation: the processes
        // race to create the file's schema and the conversation (a window of milliseconds).
        for round in 0..<5 {
            let title = "c\(round)"
            let database = fixture.path("race\(round).sqlite")
            let inputs = (0..<6).map { "<p\($0)-a>\n<p\($0)-b>\n" }
            let results = try runTogether(
                ["--db", database, "--conversation", title, "--bot", bot] + ChatFixture.reproducible,
                inputs: inputs, fixture: fixture)
            for (index, result) in results.enumerated() {
                #expect(result.status == 0, "process \(index): \(result.standardError)")
                #expect(!result.standardError.contains("already exists"), "process \(index): \(result.standardError)")
            }
            let texts = try DatabaseCheck(path: database).texts(conversation: title)
            let expected = ["<greeting>", "<seed>"] + (0..<6).flatMap { ["<p\($0)-a>", "<p\($0)-b>"] }
            #expect(texts.sorted() == expected.sorted(), "round \(round): every message once, greeting and seed once")
            #expect(try DatabaseCheck(path: database).integrity() == "ok")
        }
    }

    /// The longest a lock is held is not a write but the checkpoint the last process makes
    /// when it closes the database: on a disk busy with other writes its fsyncs took
    /// seconds, and with a 5 s busy timeout a second `banter` failed with "stayed locked"
    /// and lost the message it was sending.
    @Test("a lock held for 6 s (a slow checkpoint) makes another banter wait, not fail")
    func longLockIsWaitedFor() throws {
        let fixture = try ChatFixture()
        let database = fixture.path("held.sqlite")
        let arguments = ["chat", "--db", database, "--conversation", "c"] + ChatFixture.reproducible
        #expect(try fixture.chat(Array(arguments.dropFirst()), input: "<before>\n").status == 0)

        var result: ProcessResult?
        try DatabaseQueue(path: database).writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN EXCLUSIVE TRANSACTION")
            let process = BanterBinary.process(arguments, environment: ["HOME": fixture.folder.path])
            let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            let output = PipeReader(stdout.fileHandleForReading), errors = PipeReader(stderr.fileHandleForReading)
            try stdin.fileHandleForWriting.write(contentsOf: Data("<while held>\n".utf8))
            try stdin.fileHandleForWriting.close()
            Thread.sleep(forTimeInterval: 6)
            // It cannot have stored its message yet, so had it ended, it would have failed.
            #expect(process.isRunning, "banter gave up while the lock was held")
            try db.execute(sql: "COMMIT")
            process.waitUntilExit()
            result = ProcessResult(
                status: process.terminationStatus, output: output.finishData(), error: errors.finishData())
        }
        let waited = try #require(result)
        #expect(waited.status == 0)
        #expect(!(waited.standardOutput + waited.standardError).contains("locked"), "\(waited.standardError)")
        #expect(try DatabaseCheck(path: database).texts(conversation: "c") == ["<before>", "<while held>"])
    }

    @Test("soak: 8 writers and 2 live readers on one conversation")
    func soak() throws {
        let fixture = try ChatFixture()
        let database = fixture.path("soak.sqlite")
        let writers = 8, perWriter = 150
        let expected = Set((0..<writers).flatMap { writer in (0..<perWriter).map { "<w\(writer)-\($0)>" } })

        let readers = (0..<2).map { _ in LiveReader(database: database, title: "soak", expected: expected.count) }
        let inputs = (0..<writers).map { writer in
            (0..<perWriter).map { index in
                // Every third message speaks for the other side, so readers also mark reads.
                (index % 3 == 0 ? "/as them " : "") + "<w\(writer)-\(index)>\n"
            }.joined()
        }
        let results = try runTogether(
            ["--db", database, "--conversation", "soak"] + ChatFixture.reproducible, inputs: inputs, fixture: fixture)
        for (index, result) in results.enumerated() {
            #expect(result.status == 0, "writer \(index): \(result.standardError)")
            #expect(!(result.standardOutput + result.standardError).contains("locked"), "writer \(index)")
        }
        // The readers first: once they stop, only this test's checks use the database.
        for (index, reader) in readers.enumerated() {
            let outcome = reader.finish(timeout: 10)
            #expect(outcome.failures.isEmpty, "reader \(index): \(outcome.failures)")
            #expect(Set(outcome.seen) == expected, "reader \(index) saw \(outcome.seen.count) of \(expected.count)")
            #expect(outcome.seen.count == Set(outcome.seen).count, "reader \(index) saw a message twice")
        }
        let stored = try DatabaseCheck(path: database).texts(conversation: "soak")
        #expect(stored.count == expected.count, "every message stored exactly once")
        #expect(Set(stored) == expected)
        #expect(try DatabaseCheck(path: database).integrity() == "ok")
    }
}

/// A chat session in this process polling the database as the interactive REPL does
/// (`pollExternalChanges`, here every 20 ms), on a thread of its own with its own
/// connection, recording the text of every message it is shown.
private final class LiveReader: @unchecked Sendable {
    struct Outcome {
        var seen: [String]
        var failures: [String]
    }

    private let lock = NSLock()
    private var outcome = Outcome(seen: [], failures: [])
    private var stopRequested = false
    private let done = DispatchSemaphore(value: 0)

    init(database: String, title: String, expected: Int) {
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            do {
                let session = try ChatSession(store: try ChatStore(path: database), clock: LiveClock(), title: title)
                record(session.messages)
                session.onEvent = { [self] event, _ in
                    switch event {
                    case .messageAdded(let message): record([message])
                    case .notice(let text): fail(text)
                    default: break
                    }
                }
                while !lock.withLock({ stopRequested || outcome.seen.count >= expected }) {
                    try session.pollExternalChanges()
                    usleep(20_000)
                }
            } catch {
                fail(String(describing: error))
            }
        }
    }

    private func record(_ messages: [Message]) {
        lock.withLock { outcome.seen += messages.map(\.text) }
    }

    private func fail(_ text: String) {
        lock.withLock { outcome.failures.append(text) }
    }

    /// Waits until the reader has seen everything (or `timeout` seconds), then stops it.
    func finish(timeout: TimeInterval) -> Outcome {
        if done.wait(timeout: .now() + timeout) == .timedOut {
            lock.withLock { stopRequested = true }
            done.wait()
        }
        return lock.withLock { outcome }
    }
}
