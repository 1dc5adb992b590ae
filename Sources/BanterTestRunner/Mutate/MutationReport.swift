import Foundation

/// What `banter mutate` found: each mutant with its status, and the score.
package struct MutationReport: Sendable {
    package enum Status: String, Sendable, Codable {
        case killed
        case survived
        case timedOut = "timed out"
        case notCovered = "not covered"
    }

    package struct Result: Sendable, Codable {
        package var file: String
        package var line: Int
        package var kind: MutationKind
        /// The mutated line before and after the change.
        package var before: String
        package var after: String
        package var status: Status
        /// The scenarios that ran the line (and so ran the mutant).
        package var scenarios: [String]
        /// The first scenario that noticed it, and how.
        package var killedBy: String?
    }

    package var files: [String] = []
    package var results: [Result] = []
    package var equivalentSkipped = 0
    package var scenarioCount = 0
    /// Scenarios that failed without any mutant, left out ("path: how").
    package var scenariosFailingAlready: [String] = []
    package var seconds = 0.0

    package func count(_ status: Status) -> Int { results.count { $0.status == status } }

    /// Killed and timed-out mutants over all mutants (not covered ones count as missed).
    package var score: Double {
        results.isEmpty ? 1 : Double(count(.killed) + count(.timedOut)) / Double(results.count)
    }

    /// The same over the mutants some scenario ran.
    package var coveredScore: Double {
        let covered = results.count - count(.notCovered)
        return covered == 0 ? 1 : Double(count(.killed) + count(.timedOut)) / Double(covered)
    }

    /// One line per mutant (`survived  bots/x.lua:12  number ±1: a > 3 → a > 4`), survivors
    /// with the scenarios that ran them, then the counts and the score.
    package func lines(relativeTo folder: String) -> [String] {
        var lines = scenariosFailingAlready.map { "left out (fails without mutants): \($0)" }
        for result in results {
            let file = Self.relative(result.file, to: folder)
            let status = result.status.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)
            lines.append(
                "\(status) \(file):\(result.line)  \(result.kind.rawValue): \(result.before) → \(result.after.isEmpty ? "(an empty line)" : result.after)"
            )
            if result.status == .survived || result.status == .timedOut {
                lines.append(
                    "            ran by: "
                        + result.scenarios.map { Self.relative($0, to: folder) }.joined(separator: ", "))
            }
        }
        lines.append(
            "\(Self.count(results.count, "mutant")) of \(Self.count(files.count, "file")) (\(equivalentSkipped) equivalent skipped), \(Self.count(scenarioCount, "scenario")): \(count(.killed)) killed, \(count(.survived)) survived, \(count(.timedOut)) timed out, \(count(.notCovered)) not covered"
        )
        lines.append(
            String(
                format: "Mutation score: %.1f%% (%.1f%% of the mutants on covered lines) in %.1fs", score * 100,
                coveredScore * 100, seconds))
        return lines
    }

    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    static func relative(_ path: String, to folder: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// The report as JSON: every mutant and the counts.
    package func json() -> Data {
        struct Document: Encodable {
            var mutants: [Result]
            var killed, survived, timedOut, notCovered, equivalentSkipped, scenarios: Int
            var score, coveredScore, seconds: Double
        }
        let document = Document(
            mutants: results, killed: count(.killed), survived: count(.survived), timedOut: count(.timedOut),
            notCovered: count(.notCovered), equivalentSkipped: equivalentSkipped, scenarios: scenarioCount,
            score: score, coveredScore: coveredScore, seconds: seconds)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(document)) ?? Data()
    }

    /// The report as JUnit XML: a test case per mutant, a failure for each survivor, the
    /// mutants no scenario covers skipped.
    package func junit(relativeTo folder: String) -> String {
        let failures = count(.survived)
        let skipped = count(.notCovered)
        let counts = "tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"banter mutate\" \(counts)>",
            "  <testsuite name=\"banter mutate\" \(counts)>",
        ]
        for result in results {
            let file = Self.relative(result.file, to: folder)
            let name = "\(file):\(result.line) \(result.kind.rawValue)"
            let open =
                "    <testcase name=\"\(XMLText.attribute(name))\" classname=\"\(XMLText.attribute(file))\" file=\"\(XMLText.attribute(file))\" line=\"\(result.line)\""
            let change = "\(result.before) → \(result.after)"
            switch result.status {
            case .killed, .timedOut:
                lines.append(open + "/>")
            case .notCovered:
                lines += [
                    open + ">", "      <skipped message=\"\(XMLText.attribute("not covered: " + change))\"/>",
                    "    </testcase>",
                ]
            case .survived:
                let message = "survived: \(change) (ran by \(result.scenarios.joined(separator: ", ")))"
                lines += [
                    open + ">",
                    "      <failure type=\"survived\" message=\"\(XMLText.attribute(message))\">\(XMLText.content(message))</failure>",
                    "    </testcase>",
                ]
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }
}
