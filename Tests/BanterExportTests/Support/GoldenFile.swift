import Foundation
import Testing

/// Compares an export with a reviewed file in Goldens/; with BANTER_RECORD_GOLDENS=1 it
/// (re)writes the file in the source tree instead.
enum GoldenFile {
    static func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["BANTER_RECORD_GOLDENS"] == "1" {
            // This file is Tests/BanterExportTests/Support/GoldenFile.swift.
            let directory = URL(fileURLWithPath: #filePath)
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")
            try text.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            return
        }
        let url = try #require(
            Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Goldens"),
            "missing golden \(name): run with BANTER_RECORD_GOLDENS=1 to create it",
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
            Issue.record("\(name) differs from the export, \(detail)", sourceLocation: sourceLocation)
        }
    }
}
