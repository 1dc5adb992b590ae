import Foundation
import Testing

/// A folder of reviewed files ("goldens") that tests compare their output with, copied into
/// the test target's bundle as a resource. With BANTER_RECORD_GOLDENS=1 a check (re)writes
/// the file in the source tree instead, for a person to review.
package struct GoldenFolder {
    /// The test target's bundle (`Bundle.module`), which holds the folder as a resource.
    package let bundle: Bundle
    /// The folder in the source tree; the resource has the same name in the bundle.
    package let sourceFolder: URL

    package init(bundle: Bundle, sourceFolder: URL) {
        self.bundle = bundle
        self.sourceFolder = sourceFolder
    }

    /// The folder `name` at the root of the test target that holds `file` (pass `#filePath`):
    /// the target's root is the folder right below `Tests/`, however deep the file is.
    package init(_ name: String = "Goldens", bundle: Bundle, besideTargetOf file: String) {
        var folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        while folder.deletingLastPathComponent().lastPathComponent != "Tests", folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        self.init(bundle: bundle, sourceFolder: folder.appendingPathComponent(name))
    }

    /// Compares `text` with the golden file `name` (with its extension); a difference is
    /// recorded as an issue naming the first line that differs.
    package func check(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if ProcessInfo.processInfo.environment["BANTER_RECORD_GOLDENS"] == "1" {
            try text.write(to: sourceFolder.appendingPathComponent(name), atomically: true, encoding: .utf8)
            return
        }
        let url = try #require(
            bundle.url(forResource: name, withExtension: nil, subdirectory: sourceFolder.lastPathComponent),
            "missing golden \(name): run with BANTER_RECORD_GOLDENS=1 to create it",
            sourceLocation: sourceLocation
        )
        let expected = try String(contentsOf: url, encoding: .utf8)
        if expected != text {
            let expectedLines = expected.components(separatedBy: "\n")
            let actualLines = text.components(separatedBy: "\n")
            let firstDifference = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }
            let detail =
                firstDifference.map {
                    "line \($0.offset + 1):\n  expected: \($0.element.0)\n  actual:   \($0.element.1)"
                } ?? "line counts differ: \(expectedLines.count) vs \(actualLines.count)"
            Issue.record("\(name) differs from the output, \(detail)", sourceLocation: sourceLocation)
        }
    }
}
