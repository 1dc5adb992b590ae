import Foundation
import Testing

/// Compares rendered lines with a reviewed file in Goldens/; with BANTER_RECORD_GOLDENS=1 it
/// (re)writes the file in the source tree instead. ESC is stored as "␛" so coloured goldens
/// stay readable.
enum GoldenFile {
    static func check(
        _ lines: [String], named name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let text = lines.map { $0.replacingOccurrences(of: "\u{1B}", with: "␛") }.joined(separator: "\n") + "\n"
        if ProcessInfo.processInfo.environment["BANTER_RECORD_GOLDENS"] == "1" {
            // This file is Tests/BanterTerminalTests/Support/GoldenFile.swift.
            let directory = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")
            try text.write(to: directory.appendingPathComponent("\(name).txt"), atomically: true, encoding: .utf8)
            return
        }
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: "txt", subdirectory: "Goldens"),
            "missing golden \(name).txt: run with BANTER_RECORD_GOLDENS=1 to create it",
            sourceLocation: sourceLocation
        )
        let expected = try String(contentsOf: url, encoding: .utf8)
        if expected != text {
            let expectedLines = expected.components(separatedBy: "\n")
            let actualLines = text.components(separatedBy: "\n")
            let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
            let detail = firstDifference.map {
                "line \($0.offset + 1):\n  expected: \($0.element.0)\n  actual:   \($0.element.1)"
            } ?? "line counts differ: \(expectedLines.count) vs \(actualLines.count)"
            Issue.record("\(name).txt differs from the rendering, \(detail)", sourceLocation: sourceLocation)
        }
    }
}
