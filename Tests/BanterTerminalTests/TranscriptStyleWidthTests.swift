import Testing

@testable import BanterTerminal

/// The width a printed transcript and a piped chat draw at, as a rule on what was read:
/// `--width`, a scenario's `width`, standard output's terminal size and `COLUMNS`.
@Suite struct TranscriptStyleWidthTests {
    private func width(
        requested: Int? = nil, preferred: Int? = nil, terminal: Int?, columns: String? = nil
    ) -> Int {
        TranscriptStyle.width(
            requested: requested, preferred: preferred, terminalColumns: terminal,
            environment: columns.map { ["COLUMNS": $0] } ?? [:])
    }

    @Test func theTerminalOutputGoesToWinsOverColumns() {
        // `printf 'hi\n' | banter chat` in a 44-column terminal that exported COLUMNS=80.
        #expect(width(terminal: 44, columns: "80") == 44)
        #expect(width(terminal: 44) == 44)
        #expect(width(terminal: 200) == 200)
    }

    @Test func withoutATerminalColumnsThenEighty() {
        #expect(width(terminal: nil, columns: "52") == 52)
        #expect(width(terminal: nil) == 80)
        for unusable in ["", "wide", "0", "-3"] {
            #expect(width(terminal: nil, columns: unusable) == 80, "COLUMNS=\(unusable)")
        }
    }

    @Test func widthAlwaysWins() {
        #expect(width(requested: 60, terminal: 44, columns: "80") == 60)
        #expect(width(requested: 60, terminal: nil, columns: "80") == 60)
        #expect(width(requested: 30, preferred: 70, terminal: 44) == 30)
    }

    @Test func aScenariosWidthIsNarrowedToTheTerminal() {
        #expect(width(preferred: 70, terminal: 44) == 44)
        #expect(width(preferred: 40, terminal: 44) == 40)
        #expect(width(preferred: 70, terminal: nil, columns: "52") == 70)
    }
}
