import BanterTestSupport
import Foundation
import Testing

@testable import BanterTerminal

/// `banter run` and `replay` draw a scenario at its `width` setting, the width its golden
/// transcript has: as it is when piped, narrowed to a narrower terminal, and `--width` wins.
@Suite(.serialized) struct ScenarioWidthTests {
    static let environment = ["TERM": "xterm-256color", "BANTER_NO_ANIMATION": "1"]

    /// The test's files, removed with it.
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder(prefix: "banter-width")
    }

    /// A scenario set to `width` columns whose long message fills its bubble.
    private func scenario(width: Int) throws -> String {
        let text = String(repeating: "word ", count: 40)
        return try folder.write(
            "wide.lua", "scenario { start = \"2026-11-20 18:30\", width = \(width) }\nme \"\(text)\"\n")
    }

    /// The widest row: a transcript leaves its last column empty, so `width - 1`.
    private static func widest(_ lines: [String]) -> Int {
        lines.map { DisplayWidth.of($0) }.max() ?? 0
    }

    @Test func pipedRunsAtTheScenariosWidth() throws {
        let path = try scenario(width: 50)
        let piped = try BanterBinary.run(["run", path], environment: ["COLUMNS": "120"])
        #expect(piped.status == 0, "\(piped.standardError)")
        let told = try BanterBinary.run(["run", path, "--width", "50"])
        #expect(piped.standardOutput == told.standardOutput)
        #expect(Self.widest(piped.standardOutput.split(separator: "\n").map(String.init)) == 49)
        let wider = try BanterBinary.run(["run", path, "--width", "90"])
        #expect(Self.widest(wider.standardOutput.split(separator: "\n").map(String.init)) > 50)
    }

    @Test(arguments: [(columns: 100, expected: 59), (columns: 40, expected: 39)])
    func inATerminalTheScenariosWidthFitsTheTerminal(columns: Int, expected: Int) throws {
        let path = try scenario(width: 60)
        for command in [["run", path], ["replay", path, "--speed", "100", "--max-pause", "0.1s"]] {
            let terminal = try PseudoTerminal(
                command + ["--width-model", "modern"], model: nil, columns: columns, environment: Self.environment)
            #expect(terminal.waitForExit() == 0, "\(command[0])")
            let bubble = terminal.lines.filter { $0.contains("word") }
            #expect(!bubble.isEmpty)
            #expect(Self.widest(bubble) == expected, "\(command[0]) in \(columns) columns: \(bubble)")
        }
    }
}
