import BanterTerminal
import BanterTestSupport
import Foundation
import Testing

/// Keys typed the instant `banter chat` starts, while it waits for the terminal's answers to
/// the width probe, reach the line editor afterwards in order: pasted text, an arrow key's
/// escape sequence and Enter, against a terminal that answers at once, late, or never.
@Suite(.serialized) struct TypeaheadTerminalTests {
    /// "helo", Left, "l", Enter: sends "hello" only if the arrow key arrived whole and in place.
    static let keys = "helo\u{1B}[Dl\r/quit\r"

    private func expectSentAndQuit(_ terminal: PseudoTerminal, _ comment: Comment) {
        #expect(terminal.waitForExit(timeout: 20) == 0, comment)
        let bubbles = terminal.lines.filter { $0.contains("hello") && !$0.contains("helo") }
        #expect(!bubbles.isEmpty, "\(comment): \(terminal.lines.joined(separator: "\n"))")
    }

    @Test func keysTypedBeforeAPromptAnswerAreKept() throws {
        let terminal = try PseudoTerminal(["chat", "--db", ":memory:"], model: .modern, environment: WidthProbeTerminalTests.environment)
        terminal.type(Self.keys)
        expectSentAndQuit(terminal, "answered at once")
    }

    @Test func keysTypedWhileTheAnswerIsLateAreKept() throws {
        let terminal = try PseudoTerminal(
            ["chat", "--verbose", "--db", ":memory:"], model: .legacy, answerDelay: 0.12,
            environment: WidthProbeTerminalTests.environment)
        terminal.typeWhenAsked = Self.keys
        expectSentAndQuit(terminal, "answered late")
        #expect(terminal.lines.contains { $0.contains("width model: legacy (measured in") }, "the late answer still counts")
    }

    @Test func keysTypedToATerminalThatNeverAnswersAreKept() throws {
        let terminal = try PseudoTerminal(["chat", "--db", ":memory:"], model: nil, environment: WidthProbeTerminalTests.environment)
        terminal.typeWhenAsked = Self.keys
        expectSentAndQuit(terminal, "never answered")
    }
}
