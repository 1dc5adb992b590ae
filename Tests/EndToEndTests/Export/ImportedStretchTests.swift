import BanterTestSupport
import Foundation
import Testing

/// Issue 30's "real timing" on the real binary: a WhatsApp history imported, then a stretch
/// of it replayed on its own clock (`banter replay --from/--to`) and turned into a scenario or
/// a bot's seed (`banter scenario --from-conversation … --range …`), with each mistake
/// refused in one line.
@Suite struct ImportedStretchTests {
    static let chat = """
        [31.12.23, 21:05:00] Ann: Are you coming tonight?
        [31.12.23, 21:05:30] Me: yes, at ten
        [31.12.23, 21:06:00] Ann: great
        [31.12.23, 23:59:00] Me: almost there
        [01.01.24, 00:01:00] Ann: Happy new year!
        [01.01.24, 10:00:00] Me: what a night

        """

    /// A database holding the chat as the conversation "ann" (messages #1 to #6).
    private func imported() throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let text = try folder.write("chat.txt", Self.chat)
        let db = folder.file("chat.db")
        let run = try BanterBinary.run([
            "import", text, "--from", "whatsapp", "--me", "Me", "--date-order", "dmy", "--time-zone", "UTC",
            "--conversation", "ann", "--db", db,
        ])
        try #require(run.status == 0, "\(run.standardError)")
        return (folder, db)
    }

    @Test func replayPlaysAStretchByTimeAtItsRealGapsScaled() throws {
        let (folder, db) = try imported()
        let started = Date()
        let run = try BanterBinary.run(
            [
                "replay", "--db", db, "--conversation", "ann", "--from", "2023-12-31 21:05", "--to",
                "2023-12-31 21:06", "--speed", "60", "--time-zone", "UTC", "--width", "60",
            ], timeout: 30)
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.status == 0, "\(run.standardError)")
        for text in ["Are you coming tonight?", "yes, at ten", "great"] {
            #expect(run.standardOutput.contains(text), "\(text) in \(run.standardOutput)")
        }
        #expect(!run.standardOutput.contains("almost there"))
        #expect(!run.standardOutput.contains("\u{1B}"))
        // Two gaps of 30 s at 60 times real speed: at least a second.
        #expect(elapsed >= 0.95, "took \(elapsed) s")
        withExtendedLifetime(folder) {}
    }

    @Test func replayPlaysAStretchByMessageWithEveryPauseCapped() throws {
        let (folder, db) = try imported()
        let started = Date()
        let run = try BanterBinary.run(
            [
                "replay", "--db", db, "--conversation", "ann", "--from", "#4", "--max-pause", "100ms",
                "--time-zone", "UTC", "--width", "60",
            ], timeout: 30)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(Date().timeIntervalSince(started) < 20)
        for text in ["almost there", "Happy new year!", "what a night"] {
            #expect(run.standardOutput.contains(text), "\(text) in \(run.standardOutput)")
        }
        #expect(!run.standardOutput.contains("great"))
        withExtendedLifetime(folder) {}
    }

    @Test func replayRefusesAStretchItCannotPlayInOneLine() throws {
        let (folder, db) = try imported()
        let stored = ["--db", db, "--conversation", "ann"]
        let cases: [([String], Int32, String)] = [
            (
                ["replay"] + stored + ["--from", "#99"], 1,
                "banter: there is no message #99 in the conversation \"ann\" (/ids on in banter chat shows ids, so does /search)\n"
            ),
            (
                ["replay"] + stored + ["--from", "soon"], 2,
                "banter: --from: \"soon\" is neither a message (#120, as /ids on and /search show) nor a time (2023-12-31, 2023-12-31 21:05 or 2023-12-31 21:05:09)\n"
            ),
            (
                ["replay"] + stored + ["--from", "2025-01-01"], 1,
                "banter: --from 2025-01-01 holds no messages of the conversation \"ann\": banter render --conversation ann shows its messages\n"
            ),
            (
                ["replay"] + stored + ["--from", "2024-01-02", "--to", "2024-01-01"], 2,
                "banter: the stretch ends (2024-01-01) before it starts (2024-01-02)\n"
            ),
        ]
        for (arguments, status, message) in cases {
            let run = try BanterBinary.run(arguments, timeout: 30)
            #expect(run.status == status, "\(arguments)")
            #expect(run.standardError == message, "\(arguments)")
        }
        let both = try BanterBinary.run(["replay", folder.file("x.lua"), "--from", "#1"])
        #expect(both.status == 64)
        #expect(
            both.standardError.contains(
                "--from is for replaying a stored conversation, and \(folder.file("x.lua")) is a scenario: give one or the other"
            ))
        let neither = try BanterBinary.run(["replay"])
        #expect(neither.status == 64)
        #expect(neither.standardError.contains("give a scenario to replay"))
    }

    @Test func aStretchBecomesAScenarioThatPlays() throws {
        let (folder, db) = try imported()
        let run = try BanterBinary.run([
            "scenario", "--from-conversation", "ann", "--range", "#2..#4", "--time-zone", "UTC", "--db", db,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                -- Made by banter scenario from "ann" from #2 to #4: `banter replay FILE.lua` plays it.

                scenario {
                  start = "2023-12-31 21:05:30",
                  time_zone = "GMT",
                  seed = 0,
                }

                me "yes, at ten"
                wait "30s"
                them "great"
                wait "2h53m"
                me "almost there"

                """)

        let path = folder.file("night.lua")
        let written = try BanterBinary.run([
            "scenario", "--from-conversation", "ann", "--range", "2023-12-31", "--time-zone", "UTC", "--db", db,
            "-o", path,
        ])
        #expect(written.status == 0, "\(written.standardError)")
        let played = try BanterBinary.run(["run", path, "--width", "60"])
        #expect(played.status == 0, "\(played.standardError)")
        for text in ["Are you coming tonight?", "yes, at ten", "great", "almost there"] {
            #expect(played.standardOutput.contains(text), "\(text) in \(played.standardOutput)")
        }
        #expect(!played.standardOutput.contains("Happy new year!"))

        let again = try BanterBinary.run([
            "scenario", "--from-conversation", "ann", "--db", db, "-o", path,
        ])
        #expect(again.status == 64)
        #expect(again.standardError.contains("\(path) exists already: remove it, or write to another file"))
    }

    @Test func aStretchBecomesABotsSeed() throws {
        let (folder, db) = try imported()
        let run = try BanterBinary.run([
            "scenario", "--from-conversation", "ann", "--range", "2023-12-31 23:59..", "--seed", "--time-zone", "UTC",
            "--db", db,
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                -- The back story of "ann" from #4 to #6, as a bot's seed.
                seed {
                  { from = "me", text = "almost there", at = "-10h1m" },
                  { from = "them", text = "Happy new year!", at = "-9h59m" },
                  { from = "me", text = "what a night", at = "now" },
                }

                """)
        let unknown = try BanterBinary.run(["scenario", "--from-conversation", "bob", "--db", db])
        #expect(unknown.status == 1)
        #expect(unknown.standardError.contains("there is no conversation named \"bob\""))
        withExtendedLifetime(folder) {}
    }
}
