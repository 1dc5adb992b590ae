import BanterCore
import Foundation

/// What `banter crawl --out DIR` writes: a scenario per path (`path-001.lua`, …, in the
/// order found, each saying where it leads), which `banter test DIR` replays, and the paths
/// as a Mermaid flowchart (`paths.mmd`). Paths that ended in a bot error are left out: their
/// scenario would fail on the error, which the report already names.
package enum CrawlFiles {
    /// Writes the files into `folder` (created when missing); returns how many scenarios.
    package static func write(_ report: CrawlReport, to folder: String) throws -> Int {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var written = 0
        for path in report.paths {
            if case .error = path.outcome { continue }
            written += 1
            let file = URL(fileURLWithPath: folder).appendingPathComponent(String(format: "path-%03d.lua", written))
            // One comment line whatever the labels hold (a line break would end the comment).
            let comment = Sanitizer.sanitize(
                "-- Found by banter crawl: \(CrawlReport.describe(path.picks)) (\(describe(path.outcome, in: report)))."
            )
            let source = ScenarioWriter.source(for: path.recording, savedAt: file.path, comment: comment)
            try source.write(to: file, atomically: true, encoding: .utf8)
        }
        try report.mermaid().write(
            to: URL(fileURLWithPath: folder).appendingPathComponent("paths.mmd"), atomically: true, encoding: .utf8)
        return written
    }

    static func describe(_ outcome: CrawlReport.Outcome, in report: CrawlReport) -> String {
        switch outcome {
        case .end: "an end"
        case .deadEnd: "a dead end"
        case .loop(let state): "a loop back to \"\(report.states[state].summary)\""
        case .joins(let state): "joins a path already explored at \"\(report.states[state].summary)\""
        case .error(let text): "an error: \(text)"
        case .cut: "cut at depth \(report.depth)"
        }
    }
}
