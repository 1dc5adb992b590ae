import BanterTestSupport
import Foundation
import Testing

/// `banter chat` killed with SIGKILL at random (seeded) moments while a session sends and
/// the bot answers: the database stays sound, and every message the transcript showed is
/// stored exactly once.
@Suite("Reliability: killed at random moments", .serialized)
struct KillTests {
    static let bot = """
        bot { name = "Echo" }
        fallback(function(msg, chat)
          chat.memory.count = (chat.memory.count or 0) + 1
          chat:reply("got " .. msg.text)
        end)
        """

    @Test func everyMessageShownBeforeAKillIsStoredExactlyOnce() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("echo.lua", Self.bot)
        var random = SeededGenerator(seed: 0x0DEA_D0FF)
        var totalShown = 0
        var killsWhileSending = 0

        // Ten kills per database: a fresh file also puts kills into creation and migration,
        // the later runs open a file the previous run left mid-write. At least 50 kills; where
        // the machine's timing made too few of them land while messages were flowing, more
        // runs follow (at most 120 in all), so the coverage below is reached, not hoped for.
        let minimumKills = 50, maximumKills = 120
        var iteration = 0
        var shown: [DatabaseCheck.Key] = []
        var path = ""
        func covered() -> Bool { totalShown >= 500 && killsWhileSending >= 15 }
        while iteration < minimumKills || (!covered() && iteration < maximumKills) {
            if iteration % 10 == 0 {
                path = fixture.path("chat-\(iteration / 10).sqlite")
                shown = []
            }
            let banter = try RunningBanter(
                ["chat", "--db", path, "--bot", bot, "--width", "60", "--border", "ascii", "--no-animation"])
            var sent = 0
            // Half the kills come at a moment counted from the start, which is often still
            // creating or opening the database. The others count from the first message the
            // session showed, so that they land while messages flow however long a loaded
            // machine takes to start the program: it took 0.14-0.26 s to show the first
            // message at load 13, so a kill at most 0.3 s after the start often came before
            // anything was shown, and on a busier machine the coverage below was missed.
            if Bool.random(using: &random) {
                banter.send("<k\(iteration)-0>")
                sent += 1
                #expect(banter.waitFor("<k\(iteration)-0>", timeout: 60), "run \(iteration) showed no message")
            }
            let killAt = Date().addingTimeInterval(Double.random(in: 0.005...0.3, using: &random))
            while Date() < killAt {
                banter.send("<k\(iteration)-\(sent)>")
                sent += 1
                usleep(UInt32.random(in: 300...4000, using: &random))
            }
            // The last line goes in just before the kill, so it usually lands while that
            // message is being stored, answered or printed.
            banter.send("<k\(iteration)-\(sent)>")
            sent += 1
            usleep(UInt32.random(in: 0...1500, using: &random))
            let printed = banter.kill()
            let termination = banter.termination
            #expect(
                termination.reason == .uncaughtSignal && termination.status == SIGKILL,
                "run \(iteration) ended by itself before the kill:\n\(printed)")

            // A message the transcript showed: the user's token, or the bot's "got" reply.
            let newlyShown = printed.matches(of: /(got )?<k\d+-\d+>/).map { match in
                let text = String(match.output.0)
                return DatabaseCheck.Key(sender: match.output.1 == nil ? "me" : "them", text: text)
            }
            // The transcript also shows the history again when it opens: count this run's own.
            let ownShown = newlyShown.filter { $0.sender == "me" && $0.text.hasPrefix("<k\(iteration)-") }.count
            if ownShown > 0 && ownShown < sent { killsWhileSending += 1 }
            totalShown += ownShown
            shown += newlyShown

            let check = DatabaseCheck(path: path)
            #expect(try check.integrity() == "ok", "run \(iteration)")
            let counts = try check.messageCounts()
            for key in shown {
                #expect(counts[key] == 1, "run \(iteration): \(key) was shown, stored \(counts[key] ?? 0) times")
            }
            for (key, count) in counts where count > 1 {
                Issue.record("run \(iteration): \(key) stored \(count) times")
            }
            iteration += 1
        }
        // The test proves something only if kills landed while messages were being shown.
        #expect(totalShown >= 500, "only \(totalShown) sent messages were shown in \(iteration) runs")
        #expect(
            killsWhileSending >= 15,
            "only \(killsWhileSending) of \(iteration) kills landed while messages were flowing")
        print(
            "killed \(iteration) times: \(totalShown) sent messages shown, \(killsWhileSending) kills with a sent line not yet shown"
        )
    }
}
