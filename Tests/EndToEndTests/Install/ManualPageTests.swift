import BanterTestSupport
import Foundation
import Testing

/// docs/banter.1 is what swift-argument-parser's manual generator makes of today's options.
@Suite struct ManualPageTests {
    @Test func checkedInPageIsCurrent() throws {
        let root = Repository.root
        let page = try String(contentsOf: root.appendingPathComponent("docs/banter.1"), encoding: .utf8)
        // The GenerateManual plugin builds its tool beside banter; scripts/manual (run by
        // scripts/test before the tests) builds it once.
        let tool = BanterBinary.url.deletingLastPathComponent().appendingPathComponent("generate-manual-tool")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            Issue.record("\(tool.path) is missing: run scripts/manual --check once to build the manual generator")
            return
        }
        let folder = try TemporaryFolder()
        try ChildProcess.succeed(
            tool.path, [BanterBinary.url.path, "--date", try Self.date(of: page), "--output-directory", folder.path])

        // Blank lines become paragraph breaks, as scripts/manual writes them.
        let lines = try String(contentsOfFile: folder.file("banter.1"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        let generated = lines.enumerated()
            .map { index, line in line.isEmpty && index < lines.count - 1 ? ".Pp" : line }
            .joined(separator: "\n")
        #expect(generated == page, "docs/banter.1 is out of date with banter's options: run scripts/manual")
    }

    /// The page's `.Dd November 23, 2026` as the generator's `--date 2026-11-23`.
    static func date(of page: String) throws -> String {
        let line = try #require(page.split(separator: "\n").first { $0.hasPrefix(".Dd ") })
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.timeZone = TimeZone(identifier: "UTC")
        reader.dateFormat = "MMMM d, yyyy"
        let date = try #require(reader.date(from: String(line.dropFirst(4))))
        let writer = DateFormatter()
        writer.locale = reader.locale
        writer.timeZone = reader.timeZone
        writer.dateFormat = "yyyy-MM-dd"
        return writer.string(from: date)
    }
}
