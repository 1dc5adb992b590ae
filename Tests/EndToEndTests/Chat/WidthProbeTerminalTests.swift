import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterTerminal

/// `banter chat` measuring the terminal's emoji widths through a pseudo-terminal that
/// answers cursor-position reports as a legacy (xterm, VTE) or modern (kitty) terminal.
@Suite(.serialized) struct WidthProbeTerminalTests {
    static let environment = ["TERM": "xterm-256color", "COLORTERM": "truecolor", "BANTER_NO_ANIMATION": "1"]
    /// The same with half blocks (▌ text ▐, a row above and below), whose rows all measure
    /// the same when the model is right.
    static let blocksEnvironment = environment.merging(["BANTER_FILL": "blocks"]) { $1 }

    @Test(arguments: [WidthModel.legacy, .modern])
    func probePicksTheTerminalsModelAndBordersStayStraight(model: WidthModel) throws {
        let terminal = try PseudoTerminal(
            ["chat", "--verbose", "--db", ":memory:"], model: model, environment: Self.blocksEnvironment)
        try terminal.waitFor("Message default…")
        #expect(terminal.reportsAnswered == WidthProbe.samples.count)
        #expect(terminal.lines.contains("fills: blocks (terminal: unknown (environment BANTER_FILL))"))
        let summary = try #require(terminal.lines.first { $0.contains("width model:") })
        #expect(summary.hasPrefix("width model: \(model.rawValue) (measured in "))
        #expect(terminal.lines.contains("bubble style: filled"))
        #expect(terminal.lines.contains("theme: default (default)"))

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
        let terminal = try PseudoTerminal(
            ["chat", "--verbose", "--db", ":memory:"], model: nil, environment: Self.environment)
        try terminal.waitFor("Message default…")
        #expect(
            terminal.lines.contains {
                $0.contains("width model: modern (default: the terminal did not report its cursor within")
            })
        #expect(Date().timeIntervalSince(started) < 10)
        terminal.type("/quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func theFlagWinsWithoutAsking() throws {
        let terminal = try PseudoTerminal(
            [
                "chat", "--verbose", "--width-model", "legacy", "--border", "ascii", "--theme", "dark", "--db",
                ":memory:",
            ],
            model: .modern,
            environment: Self.environment)
        try terminal.waitFor("Message default…")
        #expect(terminal.reportsAnswered == 0)
        #expect(terminal.lines.contains("width model: legacy (from --width-model)"))
        #expect(terminal.lines.contains("bubble style: ascii"))
        #expect(terminal.lines.contains("theme: dark (from --theme)"))
        terminal.type("/quit\r")
        #expect(terminal.waitForExit() == 0)
    }

    /// The test's files, removed with it.
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "banter-peak")
    }

    /// A scenario whose one bubble the two width models measure differently.
    private func peakScenario() throws -> String {
        try folder.write("peak.lua", "scenario { start = \"2026-11-20 18:30\" }\nme \"Look 🏔️ up there\"\n")
    }

    /// `run`, `render` and `replay` choose the width model as chat does: measured in a
    /// terminal, so the bubble's borders line up in it.
    @Test(arguments: [WidthModel.legacy, .modern])
    func printingCommandsMeasureTheTerminalToo(model: WidthModel) throws {
        let scenario = try peakScenario()
        let database = URL(fileURLWithPath: scenario).deletingLastPathComponent().appendingPathComponent("t.sqlite")
            .path
        #expect(try BanterBinary.run(["run", scenario, "--db", database]).status == 0)
        for arguments in [
            ["run", scenario], ["render", "--db", database],
            ["replay", scenario, "--speed", "100", "--max-pause", "0.1s"],
        ] {
            let terminal = try PseudoTerminal(
                arguments + ["--width", "40"], model: model, environment: Self.blocksEnvironment)
            #expect(terminal.waitForExit() == 0, "\(arguments[0])")
            #expect(terminal.reportsAnswered == WidthProbe.samples.count, "\(arguments[0])")
            let lines = terminal.lines
            let text = try #require(lines.lastIndex { $0.contains("Look 🏔️ up there") }, "\(arguments[0]): \(lines)")
            let widths = lines[(text - 1)...(text + 1)].map { DisplayWidth.of($0, model: model) }
            #expect(Set(widths).count == 1, "\(arguments[0]) under \(model): \(widths)")
        }
    }

    /// `--width-model` (or the configuration's) wins without asking; piped output is never probed.
    @Test func printingCommandsAskNothingWhenTold() throws {
        let scenario = try peakScenario()
        let told = try PseudoTerminal(
            ["run", scenario, "--width-model", "legacy"], model: .modern, environment: Self.environment)
        #expect(told.waitForExit() == 0)
        #expect(told.reportsAnswered == 0)
        let piped = try BanterBinary.run(["run", scenario, "--color"], environment: Self.environment)
        #expect(piped.status == 0)
        #expect(!piped.standardOutput.contains("\u{1B}[6n"))
    }
}
