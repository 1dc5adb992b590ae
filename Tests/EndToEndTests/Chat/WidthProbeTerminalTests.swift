import BanterTerminal
import Foundation
import Testing

/// `banter chat` measuring the terminal's emoji widths through a pseudo-terminal that
/// answers cursor-position reports as a legacy (xterm, VTE) or modern (kitty) terminal.
@Suite(.serialized) struct WidthProbeTerminalTests {
    static let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor", "BANTER_NO_ANIMATION": "1"]

    @Test(arguments: [WidthModel.legacy, .modern])
    func probePicksTheTerminalsModelAndBordersStayStraight(model: WidthModel) throws {
        let terminal = try PseudoTerminal(
            ["chat", "--verbose", "--db", ":memory:"], model: model, environment: Self.environment)
        try terminal.waitFor("Message default…")
        #expect(terminal.reportsAnswered == WidthProbe.samples.count)
        let summary = try #require(terminal.lines.first { $0.contains("width model:") })
        #expect(summary.hasPrefix("width model: \(model.rawValue) (measured in "))
        #expect(terminal.lines.contains("bubble style: filled"))

        terminal.type("/as them Look 🏔️ up there\r")
        let lines = try terminal.waitFor("▐")
        let text = try #require(lines.lastIndex { $0.contains("Look 🏔️ up there") && $0.contains("▌") })
        let bubble = lines[(text - 1)...(text + 1)]
        let widths = bubble.map { DisplayWidth.of($0, model: model) }
        #expect(Set(widths).count == 1, "\(bubble) measure \(widths) under \(model)")
        let other: WidthModel = model == .legacy ? .modern : .legacy
        #expect(Set(bubble.map { DisplayWidth.of($0, model: other) }).count == 2, "the models disagree on this bubble")

        terminal.type("/quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func aTerminalThatDoesNotAnswerKeepsTheDefault() throws {
        let started = Date()
        let terminal = try PseudoTerminal(["chat", "--verbose", "--db", ":memory:"], model: nil, environment: Self.environment)
        try terminal.waitFor("Message default…")
        #expect(terminal.lines.contains { $0.contains("width model: modern (default: the terminal did not report its cursor within") })
        #expect(Date().timeIntervalSince(started) < 10)
        terminal.type("/quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func theFlagWinsWithoutAsking() throws {
        let terminal = try PseudoTerminal(
            ["chat", "--verbose", "--width-model", "legacy", "--border", "ascii", "--db", ":memory:"], model: .modern,
            environment: Self.environment)
        try terminal.waitFor("Message default…")
        #expect(terminal.reportsAnswered == 0)
        #expect(terminal.lines.contains("width model: legacy (from --width-model)"))
        #expect(terminal.lines.contains("bubble style: ascii"))
        terminal.type("/quit\r")
        #expect(terminal.waitForExit() == 0)
    }
}
