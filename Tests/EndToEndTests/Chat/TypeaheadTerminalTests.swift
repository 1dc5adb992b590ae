import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterTerminal

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
        let terminal = try PseudoTerminal(
            ["chat", "--db", ":memory:"], model: .modern, environment: WidthProbeTerminalTests.environment)
        terminal.type(Self.keys)
        expectSentAndQuit(terminal, "answered at once")
    }

    @Test func keysTypedWhileTheAnswerIsLateAreKept() throws {
        let terminal = try PseudoTerminal(
            ["chat", "--verbose", "--db", ":memory:"], model: .legacy, answerDelay: 0.12,
            environment: WidthProbeTerminalTests.environment)
        terminal.typeWhenAsked = Self.keys
        expectSentAndQuit(terminal, "answered late")
        #expect(
            terminal.lines.contains { $0.contains("width model: legacy (measured in") }, "the late answer still counts")
    }

    /// The answers come after the probe gave up: they are not typed text, before or after
    /// the keys typed meanwhile.
    @Test func anAnswerAfterTheTimeoutIsNotTyped() throws {
        let terminal = try PseudoTerminal(
            ["chat", "--verbose", "--db", ":memory:"], model: .legacy, answerDelay: 0.8,
            environment: WidthProbeTerminalTests.environment)
        terminal.typeWhenAsked = "helo\u{1B}[Dl\r"
        try terminal.waitFor("did not report its cursor")
        terminal.pump(for: 1.2)
        terminal.type("/quit\r")
        expectSentAndQuit(terminal, "answered after the timeout")
        #expect(!terminal.lines.contains { $0.contains("R/quit") || $0.contains("▌ R") }, "\(terminal.lines)")
    }

    /// In vi mode readline takes an `ESC` with nothing after it for the switch to command
    /// mode: the typed-ahead keys after it must count as already there.
    @Test func anArrowKeyTypedAheadStaysOneKeyInViMode() throws {
        let folder = try TemporaryFolder(prefix: "banter-vi")
        let inputrc = try folder.write("inputrc", "set editing-mode vi\n")
        var environment = WidthProbeTerminalTests.environment
        environment["INPUTRC"] = inputrc
        let terminal = try PseudoTerminal(
            ["chat", "--db", ":memory:"], model: .modern, answerDelay: 0.12, environment: environment)
        terminal.typeWhenAsked = Self.keys
        expectSentAndQuit(terminal, "vi mode")
    }

    @Test func keysTypedToATerminalThatNeverAnswersAreKept() throws {
        let terminal = try PseudoTerminal(
            ["chat", "--db", ":memory:"], model: nil, environment: WidthProbeTerminalTests.environment)
        terminal.typeWhenAsked = Self.keys
        expectSentAndQuit(terminal, "never answered")
    }
}
