import BanterCore
import BanterScript
import BanterTestRunner
import Foundation

/// What `banter test` prints and writes: one ✓/✗ line per scenario with its details, and
/// after the closing line the coverage summary and the report files.
enum TestOutput {
    /// The lines of one scenario, made safe for a terminal (paths and messages are untrusted).
    static func lines(for result: ScenarioResult) -> [String] {
        let mark = result.verdict == .passed ? "✓" : "✗"
        return ["\(mark) \(Sanitizer.sanitize(result.name))"]
            + (result.detailLines + (result.traceLines ?? [])).map { "  " + Sanitizer.sanitize($0) }
    }

    /// Writes lines to standard output at once (unbuffered, so each scenario shows as it
    /// ends). A reader that went away (`banter test | head`) ends nothing but the output.
    static func print(_ lines: [String], skippingEmpty: Bool = false) {
        if skippingEmpty && lines.isEmpty { return }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }

    /// Prints the coverage summary and writes the reports the plan asks for.
    static func finish(_ run: SuiteRun, plan: TestPlan, started: Date) throws {
        if plan.coverage {
            let limits = plan.limits
            let report = CoverageReport(run.coverage) { path in
                try BotRuntime.executableLines(ofScript: path, limits: limits)
            }
            if plan.printsCoverage {
                print(
                    report.summaryLines(relativeTo: FileManager.default.currentDirectoryPath).map {
                        Sanitizer.sanitize($0)
                    })
            }
            if let path = plan.lcovPath { try write(report.lcov, to: path, option: "--lcov") }
        }
        if let path = plan.junitPath {
            let name = plan.shard.map { "banter test (shard \($0))" } ?? "banter test"
            let report = JUnitReport(name: name, results: run.results.compactMap { $0 }, started: started)
            try write(report.xml, to: path, option: "--junit")
        }
    }

    private static func write(_ text: String, to path: String, option: String) throws {
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        } catch {
            throw Diagnostics.Failure("\(option) \(path): could not write the report: \(error.localizedDescription)")
        }
    }
}
