import BanterCore
import BanterTestSupport
import Foundation
import Testing

/// Keys typed while `banter render` (or `replay`, `run`) asks the terminal how it draws are
/// not lost: banter has no line editor to give them to, so it puts them back into the
/// terminal's input, and the shell after it reads them, in order, as typed.
@Suite(.serialized) struct TypeaheadHandBackTests {
    static let shell = "IFS= read -r line; printf 'after: [%s]\\n' \"$line\""

    private let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder(prefix: "banter-handback") }

    /// A database holding one short conversation, titled "keys".
    private func database() throws -> String {
        let path = folder.url.appendingPathComponent("chat.sqlite").path
        let seeded = try BanterBinary.run(
            ["chat", "--db", path, "--conversation", "keys"], input: "hello there\n/quit\n")
        #expect(seeded.status == 0, "\(seeded.standardError)")
        return path
    }

    private func expectHandedBack(_ terminal: PseudoTerminal, _ comment: Comment) throws {
        try terminal.waitFor("after: [echo typed ahead]", timeout: 20)
        #expect(terminal.waitForExit(timeout: 10) == 0, comment)
        #expect(terminal.lines.contains { $0.contains("hello there") }, "\(comment): \(terminal.lines)")
    }

    @Test func keysTypedWhileRenderWaitsForALateAnswerReachTheShell() throws {
        let terminal = try PseudoTerminal(
            ["render", "--db", try database(), "--conversation", "keys"], model: .legacy, answerDelay: 0.12,
            environment: WidthProbeTerminalTests.environment, thenShell: Self.shell)
        terminal.typeWhenAsked = "echo typed ahead\r"
        try expectHandedBack(terminal, "answered late")
    }

    @Test func keysTypedToATerminalThatNeverAnswersReachTheShell() throws {
        let terminal = try PseudoTerminal(
            ["render", "--db", try database(), "--conversation", "keys"], model: nil,
            environment: WidthProbeTerminalTests.environment, thenShell: Self.shell)
        terminal.typeWhenAsked = "echo typed ahead\r"
        try expectHandedBack(terminal, "never answered")
    }
}
