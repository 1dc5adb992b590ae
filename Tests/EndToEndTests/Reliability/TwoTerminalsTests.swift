import Foundation
import Testing

/// Two `banter chat` processes in two real terminals (tmux) on one database and one
/// conversation: one writes as the user, the other as the other side (`/as them`). Both
/// write without "database is locked" reaching anyone, and each shows the other's messages
/// soon after they were sent (the REPL checks SQLite's data_version every 250 ms).
@Suite("Reliability: two terminals, one database", .serialized)
struct TwoTerminalsTests {
    private func terminal(_ fixture: ChatFixture, database: String) throws -> TmuxSession {
        let command = "'\(BanterBinary.url.path)' chat --db '\(database)' --conversation pair --no-animation"
        let terminal = try TmuxSession(
            command: command, width: 80, height: 150, environment: ["HOME": fixture.folder.path])
        try terminal.waitFor(historyContaining: "Message pair…", timeout: 10)
        return terminal
    }

    @Test func eachTerminalShowsTheOthersMessagesAndNeitherSeesALock() throws {
        let fixture = try ChatFixture()
        let database = fixture.path("shared.sqlite")
        let me = try terminal(fixture, database: database)
        let them = try terminal(fixture, database: database)

        // Turn by turn: each message must appear on the other terminal (generous deadline;
        // the delays are measured and printed, not asserted).
        var delays: [TimeInterval] = []
        for round in 0..<4 {
            try me.enter("<me-\(round)>")
            delays.append(try them.waitFor(historyContaining: "<me-\(round)>", timeout: 5))
            try them.enter("/as them <them-\(round)>")
            delays.append(try me.waitFor(historyContaining: "<them-\(round)>", timeout: 5))
        }
        print(
            "two terminals: shown on the other side after "
                + delays.map { String(format: "%.0f ms", $0 * 1000) }.joined(separator: ", "))

        // Both at once: interleaved bursts, so the two processes' writes contend.
        for index in 0..<12 {
            try me.enter("<burst-me-\(index)>")
            try them.enter("/as them <burst-them-\(index)>")
        }
        try me.waitFor(historyContaining: "<burst-them-11>", timeout: 10)
        try them.waitFor(historyContaining: "<burst-me-11>", timeout: 10)

        let expected =
            (0..<4).flatMap { ["<me-\($0)>", "<them-\($0)>"] }
            + (0..<12).flatMap { ["<burst-me-\($0)>", "<burst-them-\($0)>"] }
        let stored = try DatabaseCheck(path: database).texts(conversation: "pair")
        #expect(stored.sorted() == expected.sorted(), "every message stored exactly once")
        for (name, terminal) in [("me", me), ("them", them)] {
            let history = try terminal.history()
            let complaints = history.split(separator: "\n").filter { $0.contains("locked") || $0.contains("error") }
            #expect(complaints.isEmpty, "\(name) showed \(complaints)")
            // Messages from the other side that arrive out of time order make the window
            // repaint, so the scrollback is no record; a fresh repaint of the whole
            // conversation (setting a rule repaints; the screen is tall enough) must show
            // each message exactly once.
            try terminal.enter("/grouping cluster=20s")
            let (first, last) = (expected.first!, expected.last!)
            let screen = try terminal.waitFor("screen showing \(first) and \(last)", timeout: 10) { lines in
                let screen = lines.joined(separator: "\n")
                return screen.contains(first) && screen.contains(last)
            }.joined(separator: "\n")
            let counts = expected.map { text in screen.components(separatedBy: text + " ").count - 1 }
            let wrong = zip(expected, counts).filter { $0.1 != 1 }
            #expect(wrong.isEmpty, "\(name) shows these not exactly once: \(wrong)\n\(screen)")
        }
        try me.enter("/quit")
        try them.enter("/quit")
    }
}
