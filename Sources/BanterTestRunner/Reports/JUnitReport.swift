import Foundation

/// A run as JUnit XML, the format CI systems read test results in (Jenkins, GitLab, the
/// GitHub test-report actions): one `testsuite` in a `testsuites` root, one `testcase` per
/// scenario (one per leaf of a scenario's branches, named `talk › says no`) with its file and time; a `failure` per failed expectation (its file:line and
/// message), a crash or a timeout; an `error` for a scenario that could not load. The
/// counts are the closing line's: `tests` = passed + failed + errors, `failures` counts
/// failed scenarios (not expectations).
package struct JUnitReport: Sendable {
    package var name: String
    package var results: [ScenarioResult]
    package var started: Date

    package init(name: String, results: [ScenarioResult], started: Date) {
        self.name = name
        self.results = results
        self.started = started
    }

    package var xml: String {
        let summary = SuiteSummary(results)
        let counts =
            "tests=\"\(summary.total)\" failures=\"\(summary.failed)\" errors=\"\(summary.errors)\" skipped=\"0\" time=\"\(Self.seconds(summary.seconds))\""
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"\(XMLText.attribute(name))\" \(counts)>",
            "  <testsuite name=\"\(XMLText.attribute(name))\" \(counts) timestamp=\"\(Self.timestamp(started))\" hostname=\"\(XMLText.attribute(ProcessInfo.processInfo.hostName))\">",
        ]
        for result in results { lines += testcase(result) }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private func testcase(_ result: ScenarioResult) -> [String] {
        let url = URL(fileURLWithPath: result.path)
        let name = ScenarioCase(path: url.deletingPathExtension().lastPathComponent, leaf: result.leaf).name
        let folder = (result.path as NSString).deletingLastPathComponent
        let classname = folder.split(separator: "/").filter { $0 != "." }.joined(separator: ".")
        let open =
            "    <testcase name=\"\(XMLText.attribute(name))\" classname=\"\(XMLText.attribute(classname.isEmpty ? name : classname))\" file=\"\(XMLText.attribute(result.path))\" time=\"\(Self.seconds(result.seconds))\""
        let children: [String]
        switch result.verdict {
        case .passed:
            return [open + "/>"]
        case .failed(let failures):
            children = failures.map { failure in
                element(
                    "failure", type: "expectation", message: failure.description,
                    body: ([failure.description] + (failure.detail ?? [])).joined(separator: "\n"))
            }
        case .crashed(let message):
            children = [element("failure", type: "crash", message: "crashed: \(message)", body: message)]
        case .timedOut:
            let line = result.detailLines.joined(separator: "\n")
            children = [element("failure", type: "timeout", message: line, body: line)]
        case .error(let message):
            children = [element("error", type: "load", message: message, body: message)]
        }
        return [open + ">"] + children + ["    </testcase>"]
    }

    private func element(_ tag: String, type: String, message: String, body: String) -> String {
        "      <\(tag) message=\"\(XMLText.attribute(message))\" type=\"\(type)\">\(XMLText.content(body))</\(tag)>"
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }

    private static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}

/// Text as XML 1.0 allows it: markup characters escaped, and characters XML cannot hold at
/// all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) replaced by U+FFFD.
enum XMLText {
    static func content(_ text: String) -> String {
        escape(text, quotes: false)
    }

    static func attribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "\n" where quotes: result += "&#10;"
            case "\t" where quotes: result += "&#9;"
            case "\r": result += "&#13;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = (0x20...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}
