import BanterCore
import BanterTestSupport
import Foundation
import Testing

/// `banter chat` draws filled bubbles with what the terminal it is in draws cleanly: whole
/// cells in xterm (no block glyph at all), half blocks in kitty.
@Suite(.serialized) struct ChatFillShapesTests {
    private func bubbleRow(in environment: [String: String]) throws -> (row: String, verbose: [String]) {
        let terminal = try PseudoTerminal(
            ["chat", "--verbose", "--db", ":memory:"], model: .modern,
            environment: WidthProbeTerminalTests.environment.merging(environment) { $1 })
        try terminal.waitFor("Message default…")
        terminal.type("/as them hello there\r")
        try terminal.waitFor("hello there")
        // The bubble comes after the typed line's echo.
        terminal.pump(for: 1)
        let lines = terminal.lines
        terminal.type("/quit\r")
        #expect(terminal.waitForExit() == 0)
        let row = try #require(lines.last { $0.contains("hello there") && !$0.contains("/as") }, "\(lines)")
        return (row, lines.filter { $0.hasPrefix("fills:") })
    }

    @Test func xtermGetsWholeCells() throws {
        let (row, verbose) = try bubbleRow(in: ["XTERM_VERSION": "XTerm(379)"])
        #expect(verbose == ["fills: cells (terminal: xterm (environment XTERM_VERSION))"])
        #expect(!row.contains { ("\u{2580}"..."\u{259F}").contains($0) }, "\(row)")
    }

    @Test func kittyGetsHalfBlocks() throws {
        let (row, verbose) = try bubbleRow(in: ["KITTY_WINDOW_ID": "1"])
        #expect(verbose == ["fills: blocks (terminal: kitty (environment KITTY_WINDOW_ID))"])
        #expect(row.contains("▌") && row.contains("▐"), "\(row)")
    }
}
