import Foundation
import FoundationXML
import Testing

@testable import BanterTestRunner

/// The JUnit report against what the JUnit schema (as Jenkins, GitLab and the GitHub test
/// reporters read it) requires: the root, a testsuite with name/tests/failures/errors, a
/// testcase per scenario with name/classname/time, and counts that match the closing line.
@Suite struct JUnitReportTests {
    static let results = [
        ScenarioResult(path: "examples/scenarios/alisha.lua", verdict: .passed, seconds: 0.004),
        ScenarioResult(
            path: "examples/scenarios/grumpy.lua",
            verdict: .failed([
                ExpectationFailure(
                    file: "grumpy.lua", line: 12,
                    message: "expected reply \"Yeah, hi.\", got \"Worse <now> & \u{1B}[31mred\""),
                ExpectationFailure(file: "grumpy.lua", line: 15, message: "expected no reply within 5m, got \"x\""),
            ]), seconds: 0.0125),
        ScenarioResult(path: "broken.lua", verdict: .error("broken.lua:2: unexpected symbol near '+'"), seconds: 0.001),
        ScenarioResult(path: "t/hang.lua", verdict: .timedOut(limit: .seconds(2)), seconds: 2),
        ScenarioResult(
            path: "t/crash.lua", verdict: .crashed("the worker process running it was killed by signal 9 (SIGKILL)"),
            seconds: 0),
    ]

    private func document() throws -> XMLDocument {
        let report = JUnitReport(
            name: "banter test (shard 1/2)", results: Self.results, started: Date(timeIntervalSince1970: 0))
        return try XMLDocument(xmlString: report.xml)
    }

    @Test func theRootAndTheSuiteCarryTheClosingLinesCounts() throws {
        let root = try #require(try document().rootElement())
        #expect(root.name == "testsuites")
        let suites = root.elements(forName: "testsuite")
        #expect(suites.count == 1)
        let summary = SuiteSummary(Self.results)
        #expect(summary.closingLine == "1 passed, 3 failed, 1 errors")
        for element in [root, suites[0]] {
            #expect(element.attribute(forName: "tests")?.stringValue == "5")
            #expect(element.attribute(forName: "failures")?.stringValue == "3")
            #expect(element.attribute(forName: "errors")?.stringValue == "1")
            #expect(element.attribute(forName: "name")?.stringValue == "banter test (shard 1/2)")
        }
        #expect(suites[0].attribute(forName: "timestamp")?.stringValue == "1970-01-01T00:00:00Z")
    }

    @Test func oneTestcasePerScenarioWithItsFileAndTime() throws {
        let cases = try #require(try document().rootElement()).elements(forName: "testsuite")[0].elements(
            forName: "testcase")
        #expect(cases.map { $0.attribute(forName: "file")?.stringValue } == Self.results.map(\.path))
        #expect(
            cases.map { $0.attribute(forName: "name")?.stringValue } == ["alisha", "grumpy", "broken", "hang", "crash"])
        #expect(
            cases.map { $0.attribute(forName: "classname")?.stringValue } == [
                "examples.scenarios", "examples.scenarios", "broken", "t", "t",
            ])
        #expect(
            cases.map { $0.attribute(forName: "time")?.stringValue } == ["0.004", "0.013", "0.001", "2.000", "0.000"])
    }

    @Test func eachFailedExpectationIsAFailureAndALoadProblemAnError() throws {
        let cases = try #require(try document().rootElement()).elements(forName: "testsuite")[0].elements(
            forName: "testcase")
        #expect((cases[0].children ?? []).isEmpty)
        let failures = cases[1].elements(forName: "failure")
        #expect(
            failures.map { $0.attribute(forName: "message")?.stringValue } == [
                "grumpy.lua:12: expected reply \"Yeah, hi.\", got \"Worse <now> & \u{FFFD}[31mred\"",
                "grumpy.lua:15: expected no reply within 5m, got \"x\"",
            ])
        #expect(cases[2].elements(forName: "error").first?.stringValue == "broken.lua:2: unexpected symbol near '+'")
        #expect(cases[2].elements(forName: "failure").isEmpty)
        #expect(cases[3].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "timeout")
        #expect(cases[4].elements(forName: "failure").first?.attribute(forName: "type")?.stringValue == "crash")
    }
}
