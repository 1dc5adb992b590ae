import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// `/save` of a group chat (issue 25): the scenario opens the group with its participants,
/// turn policy and budget, writes what the people the user speaks for said as `as`, who
/// joined later as `participants`, and each reply with the bot that wrote it; it replays green.
@Suite struct SavedGroupTests {
    static let host = Repository.url("examples/bots/quiz-night/host.lua").path
    static let quiz = Repository.url("examples/bots/quiz-night/quiz.lua").path

    /// A session with a recorder fed every event, as the REPL feeds `/save`'s.
    static func record(_ fixture: SessionFixture) -> SessionRecorder {
        let session = fixture.session
        let recorder = SessionRecorder(session: session)
        session.onEvent = { event, _ in recorder.record(event, in: session) }
        return recorder
    }

    /// The quiz: Bob joins, you ask for it, Bob answers wrong then right, you answer the next.
    static func playQuiz(_ fixture: SessionFixture) throws {
        let session = fixture.session
        try session.invite(person: "Bob")
        try session.send("quiz time?")
        session.settle()
        fixture.clock.advance(by: .seconds(3))
        try session.speak(as: "Bob", "Sydney?")
        fixture.clock.advance(by: .seconds(4))
        try session.speak(as: "Bob", "Canberra!")
        session.settle()
        fixture.clock.advance(by: .seconds(30))
        try session.send("8")
        session.settle()
    }

    /// Writes the recording as a scenario beside the fixture and runs it.
    static func replay(_ recorder: SessionRecorder, in fixture: SessionFixture) throws -> (String, [ScenarioFailure]) {
        let path = fixture.folder.file("group.lua")
        let source = ScenarioWriter.source(for: recorder.recording, savedAt: path)
        try Data(source.utf8).write(to: URL(fileURLWithPath: path))
        let runner = try ScenarioRunner(script: ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
        return (source, try runner.run())
    }

    /// `banter chat --bot host.lua --bot quiz.lua`: the group exists before the REPL starts.
    @Test func aGroupOpenedWithItsBotsReplaysFromItsSavedScenario() throws {
        let fixture = try SessionFixture(title: "quiz")
        try fixture.session.invite(botAt: Self.host)
        try fixture.session.invite(botAt: Self.quiz)
        try fixture.session.setTurnPolicy(.all)
        let recorder = Self.record(fixture)
        try Self.playQuiz(fixture)

        let recording = recorder.recording
        #expect(recording.botPath == nil)
        #expect(
            recording.group
                == .init(members: [.bot(path: Self.host, name: nil), .bot(path: Self.quiz, name: nil)], turns: .all))
        let (source, failures) = try Self.replay(recorder, in: fixture)
        #expect(failures.isEmpty, "\(failures)\n\(source)")
        #expect(source.contains("  turns = \"all\",\n  turn_budget = 8,\n}"), "\(source)")
        #expect(source.contains(#"participants { { bot = "#), "\(source)")
        #expect(source.contains(#"participants { "Bob" }"#), "Bob joined during the chat: \(source)")
        #expect(source.contains(#"as "Bob" "Canberra!""#), "\(source)")
        #expect(source.contains(#"expect_reply { from = "Quizzy", text = "Correct, Bob! 🎉" }"#), "\(source)")
        let point = "A point for Bob (1 so far). @Quizzy, the next one!"
        #expect(source.contains(#"expect_reply { from = "Host", text = "\#(point)" }"#), "\(source)")
        #expect(source.contains(#"expect_reply { from = "Quizzy", text = "Correct, you! 🎉" }"#), "\(source)")
    }

    /// A two-party chat that becomes a group (`/invite`): the scenario starts with the bot,
    /// and the group's other members join where they did.
    @Test func aChatThatBecomesAGroupReplaysFromItsSavedScenario() throws {
        let fixture = try SessionFixture(bot: try String(contentsOfFile: Self.host, encoding: .utf8))
        let recorder = Self.record(fixture)
        try fixture.session.invite(botAt: Self.quiz, as: "Quizzy")
        try Self.playQuiz(fixture)

        let (source, failures) = try Self.replay(recorder, in: fixture)
        #expect(failures.isEmpty, "\(failures)\n\(source)")
        #expect(source.contains("  bot = \"bot.lua\",\n"), "\(source)")
        #expect(source.contains(#"participants { { bot = "#), "\(source)")
        #expect(!source.contains("turns ="), "a group only later: \(source)")
    }

    /// Under manual turns a bot answers once given the turn (`/next NAME`), which the
    /// scenario does too (`give_turn`), so the answer it got is expected and replays.
    @Test func aTurnGivenByHandIsAGiveTurnStep() throws {
        let fixture = try SessionFixture(title: "panel")
        for bot in ["ada", "cy"] {
            try fixture.session.invite(botAt: Repository.url("examples/bots/panel/\(bot).lua").path)
        }
        try fixture.session.setTurnPolicy(.manual)
        let recorder = Self.record(fixture)
        try fixture.session.send("release today?")
        fixture.clock.advance(by: .seconds(5))
        try fixture.session.giveTurn(to: "Cy")
        fixture.session.settle()

        let (source, failures) = try Self.replay(recorder, in: fixture)
        #expect(failures.isEmpty, "\(failures)\n\(source)")
        #expect(
            source.contains(
                #"give_turn "Cy"\#nexpect_reply { from = "Cy", text = "Wait for Monday, you." }"#), "\(source)")
        #expect(source.contains("  turns = \"manual\",\n"), "\(source)")
    }

    /// What a scenario cannot do is a comment where it happened, not a silent difference.
    @Test func aKickAndAChangedTurnPolicyAreNoted() throws {
        let fixture = try SessionFixture(title: "quiz")
        try fixture.session.invite(botAt: Self.host)
        try fixture.session.invite(person: "Bob")
        let recorder = Self.record(fixture)
        try fixture.session.setTurnPolicy(.mention)
        try fixture.session.kick("Bob")
        try fixture.session.send("hello")
        let notes = recorder.recording.steps.compactMap { step -> String? in
            if case .note(let text) = step.kind { return text }
            return nil
        }
        #expect(notes.contains { $0.hasPrefix("Bob left the group here (/kick)") }, "\(notes)")
        #expect(notes.contains { $0.hasPrefix("the turn policy became mention here (/turns)") }, "\(notes)")
    }
}
