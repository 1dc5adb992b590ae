import BanterTestSupport
import Foundation
import Testing

/// The bot author's loop in a real terminal (tmux), with real time passing: live reload
/// when the bot's files change, `/trace`, and `/save` of a chat that `banter test` then
/// replays, for every example bot.
@Suite struct AuthorLoopTerminalTests {
    private func start(_ fixture: ChatFixture, bot: String, extra: String = "") throws -> TmuxSession {
        // From the fixture's folder, so `/save NAME.lua` writes there and its line fits the screen.
        let command =
            "'\(BanterBinary.url.path)' chat --bot '\(bot)' --db '\(fixture.path("chat.sqlite"))' --no-animation \(extra)"
        return try fixture.terminal(command, width: 100, height: 40)
    }

    private func bot(version: String) -> String {
        """
        local words = require("words")
        bot { name = "Live" }
        on("^hi", function(msg, chat)
          chat.memory.count = (chat.memory.count or 0) + 1
          chat:reply("\(version) " .. words.greeting .. " #" .. chat.memory.count)
        end)
        """
    }

    @Test func theBotReloadsWhenItsFilesChange() throws {
        let fixture = try ChatFixture()
        _ = try fixture.write("words.lua", "return { greeting = \"hello\" }\n")
        let path = try fixture.write("live.lua", bot(version: "v1"))
        let terminal = try start(fixture, bot: path)
        try terminal.waitFor(text: "Message Live…")
        try terminal.enter("hi")
        try terminal.waitFor(text: "v1 hello #1")

        // The script changes: reloaded within a second, memory kept, one reply per message.
        _ = try fixture.write("live.lua", bot(version: "v2"))
        try terminal.waitFor(text: "reloaded Live (live.lua changed)", timeout: 5)
        try terminal.enter("hi")
        let second = try terminal.waitFor(text: "v2 hello #2")
        #expect(!second.joined().contains("v1 hello #2"))

        // A module it required changes.
        _ = try fixture.write("words.lua", "return { greeting = \"howdy\" }\n")
        try terminal.waitFor("a second reload") { $0.filter { $0.contains("reloaded Live") }.count == 2 }
        try terminal.enter("hi")
        try terminal.waitFor(text: "v2 howdy #3")

        // A broken save keeps the running bot and says why once, with file:line.
        _ = try fixture.write("live.lua", bot(version: "v3") + "\nthis is not lua\n")
        let broken = try terminal.waitFor(text: "reload failed", timeout: 5)
        #expect(broken.contains { $0.contains("reload failed, Live keeps running: live.lua:7:") })
        try terminal.enter("hi")
        try terminal.waitFor(text: "v2 howdy #4")
        #expect(try terminal.screen().filter { $0.contains("reload failed") }.count == 1)

        // Fixing it reloads.
        _ = try fixture.write("live.lua", bot(version: "v4"))
        try terminal.waitFor("the fixed bot") { $0.filter { $0.contains("reloaded Live") }.count == 3 }
        try terminal.enter("hi")
        try terminal.waitFor(text: "v4 howdy #5")
        try terminal.enter("/quit")
    }

    @Test func noWatchLeavesTheBotAlone() throws {
        let fixture = try ChatFixture()
        _ = try fixture.write("words.lua", "return { greeting = \"hello\" }\n")
        let path = try fixture.write("live.lua", bot(version: "v1"))
        let terminal = try start(fixture, bot: path, extra: "--no-watch")
        try terminal.waitFor(text: "Message Live…")
        _ = try fixture.write("live.lua", bot(version: "v2"))
        Thread.sleep(forTimeInterval: 1.5)
        try terminal.enter("hi")
        let screen = try terminal.waitFor(text: "v1 hello #1")
        #expect(!screen.joined().contains("reloaded"))
        try terminal.enter("/quit")
    }

    @Test func traceShowsWhichHandlerTookEachMessage() throws {
        let fixture = try ChatFixture()
        _ = try fixture.write("words.lua", "return { greeting = \"hello\" }\n")
        let path = try fixture.write(
            "live.lua",
            bot(version: "v1") + """

                fallback(function(msg, chat) chat:reply("what?", { after = 1 }) end)
                """)
        let terminal = try start(fixture, bot: path)
        try terminal.waitFor(text: "Message Live…")
        try terminal.enter("/trace on")
        try terminal.waitFor(text: "trace is on")
        try terminal.enter("hi there")
        try terminal.waitFor(text: "v1 hello #1")
        // The trace is drawn when the handler's run ends, which may be just after its reply.
        let traced = try terminal.waitFor(text: "memory: wrote count")
        #expect(traced.contains { $0.hasPrefix("↳ \"hi there\" → on(\"^hi\") live.lua:3") })
        #expect(traced.contains { $0.contains("instructions") && $0.contains(" ms · reply \"v1 hello #1\"") })
        #expect(traced.contains { $0.contains("memory: wrote count") })
        try terminal.enter("nope")
        try terminal.waitFor(text: "what?")
        let fallback = try terminal.waitFor(text: "→ fallback live.lua:7")
        #expect(fallback.contains { $0.hasPrefix("↳ \"nope\" → fallback live.lua:7") })
        #expect(fallback.contains { $0.contains("reply \"what?\" after 1s") })
        try terminal.enter("/trace off")
        try terminal.enter("hi")
        try terminal.waitFor(text: "v1 hello #2")
        #expect(!(try terminal.screen()).contains { $0.hasPrefix("↳ \"hi\"") })
        try terminal.enter("/quit")
    }

    /// What a person types at each example bot, with real pauses (kept short), and what
    /// to wait for before going on.
    static let chats: [(bot: String, lines: [(text: String, waitFor: String?, pause: Double)])] = [
        (
            "alisha",
            [
                ("hey there", "How's your day going?", 0.3),
                ("My name is Sam", "Nice to meet you properly, Sam", 0.2),
                ("quiz", "Mountains or sea?", 0.1),
                ("/wait 10m", "Too slow", 0.2),
                ("Do you like the mountains?", "Honestly?", 0.0),
            ]
        ),
        (
            "eliza",
            [
                ("Men are all alike.", "IN WHAT WAY", 0.4),
                ("They're always bugging us about something or other.", "SPECIFIC EXAMPLE", 0.2),
                ("Well, my boyfriend made me come here.", "YOUR BOYFRIEND MADE YOU COME HERE", 0.0),
            ]
        ),
        ("grumpy", [("hello", nil, 2.6), ("what time is it", nil, 2.6), ("bye", nil, 2.6)]),
        ("burst", [("hi", "tell me everything", 0.5), ("so anyway", nil, 0.2), ("what?", nil, 3.0)]),
        ("flaky", [("ping", "pong", 0.3), ("are you there?", "signal's bad", 0.2), ("how many", "so far", 0.5)]),
    ]

    /// Every example bot's chat, saved and replayed. The chats take real time (the bots'
    /// delays and the pauses), nearly all of it waiting, so they run side by side, each in
    /// its own terminal and folder: the whole test takes as long as the longest chat.
    @Test func savedChatsPassBanterTest() throws {
        let runs = try Self.chats.map { chat in
            try SavedChat(bot: chat.bot, lines: chat.lines) { fixture, bot in try self.start(fixture, bot: bot) }
        }
        for run in runs { run.finish() }
        for run in runs {
            let saved: (path: String, text: String)
            switch run.outcome {
            case .success(let value): saved = value
            case .failure(let error):
                Issue.record("\(run.bot): \(error)")
                continue
            }
            #expect(saved.text.contains("seed = "), "\(run.bot)")
            #expect(saved.text.contains("expect_reply \""), "\(run.bot)")
            let result = try BanterBinary.run(["test", saved.path])
            #expect(result.status == 0, "\(run.bot): \(result.standardOutput)\n--- saved scenario:\n\(saved.text)")
        }
    }
}

/// One example bot's chat in its own terminal, on a thread of its own: typed with real
/// pauses, then saved with `/save` (twice: the second must refuse to overwrite).
private final class SavedChat: @unchecked Sendable {
    let bot: String
    /// The saved scenario's path and text, or why the chat failed.
    private(set) var outcome: Result<(path: String, text: String), any Error> = .failure(CancellationError())
    private let lines: [(text: String, waitFor: String?, pause: Double)]
    private let fixture: ChatFixture
    private let start: (ChatFixture, String) throws -> TmuxSession
    private let done = DispatchSemaphore(value: 0)

    /// Starts the chat; `start` opens `banter chat` with a bot in a terminal.
    init(
        bot: String, lines: [(text: String, waitFor: String?, pause: Double)],
        start: @escaping (ChatFixture, String) throws -> TmuxSession
    ) throws {
        self.bot = bot
        self.lines = lines
        self.start = start
        fixture = try ChatFixture()
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            outcome = Result { try chat() }
        }
    }

    private func chat() throws -> (path: String, text: String) {
        let terminal = try start(fixture, Repository.url("examples/bots/\(bot).lua").path)
        try terminal.waitFor(text: "Message ")
        for line in lines {
            try terminal.enter(line.text)
            if let expected = line.waitFor { try terminal.waitFor(historyContaining: expected, timeout: 20) }
            Thread.sleep(forTimeInterval: line.pause)
        }
        let scenario = "saved-\(bot).lua"
        try terminal.enter("/save \(scenario)")
        try terminal.waitFor(historyContaining: "banter test \(scenario) replays them")
        try terminal.enter("/save \(scenario)")
        try terminal.waitFor(historyContaining: "exists; /save! \(scenario) overwrites it")
        try terminal.enter("/quit")
        try terminal.waitForExit()
        return (fixture.path(scenario), try String(contentsOfFile: fixture.path(scenario), encoding: .utf8))
    }

    /// Waits for the chat to end.
    func finish() { done.wait() }
}
