import Foundation

/// Coverage of the bots over a whole run, per file: which executable lines ran, and which
/// handlers no scenario triggered. What `--coverage` prints and `--lcov` writes.
package struct CoverageReport: Sendable {
    /// One bot file or module.
    package struct File: Sendable, Hashable {
        package var path: String
        /// Line → run count, for every line that holds code (0: never ran).
        package var lines: [Int: Int]
        /// Handlers declared here that no scenario triggered, in line order.
        var untriggered: [HandlerDeclaration]
        /// Why the executable lines are unknown (the file changed or went away), if so.
        package var problem: String?

        var executableCount: Int { lines.count }
        var executedCount: Int { lines.values.filter { $0 > 0 }.count }
    }

    package var files: [File]

    /// Combines what the scenarios ran with each file's executable lines (`executableLines`
    /// compiles the file; it throws when the file cannot be compiled any more).
    package init(_ coverage: [String: FileCoverage], executableLines: (String) throws -> Set<Int>) {
        files = coverage.values.sorted { $0.path < $1.path }.map { file in
            var lines: [Int: Int] = [:]
            var problem: String?
            do {
                for line in try executableLines(file.path) { lines[line] = file.lineHits[line] ?? 0 }
            } catch {
                problem = "\(error)"
            }
            let untriggered = file.handlers.filter { !file.enteredFunctions.contains($0.function) }.sorted()
            return File(path: file.path, lines: lines, untriggered: untriggered, problem: problem)
        }
    }

    /// The summary printed after the closing line: per file, lines run of lines with code,
    /// and each handler no scenario triggered as file:line. Paths relative to `folder` when
    /// inside it.
    package func summaryLines(relativeTo folder: String) -> [String] {
        var lines = ["Coverage of the bots (lines run / lines with code):"]
        for file in files {
            let shown = Self.shown(file.path, relativeTo: folder)
            if let problem = file.problem {
                lines.append("  \(shown): cannot count its lines: \(problem)")
                continue
            }
            let percent =
                file.executableCount == 0 ? 100 : Double(file.executedCount) * 100 / Double(file.executableCount)
            lines.append(
                "  \(shown): \(file.executedCount)/\(file.executableCount) lines (\(String(format: "%.1f", percent))%)")
            for handler in file.untriggered {
                lines.append("    never triggered: \(shown):\(handler.function.firstLine) \(handler.label)")
            }
        }
        if files.isEmpty { lines.append("  no bot ran") }
        return lines
    }

    /// The LCOV tracefile: per file `SF:`, a `DA:` per line with code, `LF:`/`LH:`, and
    /// `end_of_record` (what genhtml and coverage services read).
    package var lcov: String {
        var lines: [String] = []
        for file in files where file.problem == nil {
            lines.append("TN:")
            lines.append("SF:\(file.path)")
            for (line, count) in file.lines.sorted(by: { $0.key < $1.key }) { lines.append("DA:\(line),\(count)") }
            lines.append("LF:\(file.executableCount)")
            lines.append("LH:\(file.executedCount)")
            lines.append("end_of_record")
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    private static func shown(_ path: String, relativeTo folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
