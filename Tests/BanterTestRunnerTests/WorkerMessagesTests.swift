import Foundation
import Testing

@testable import BanterTestRunner

/// The lines `banter test` and its workers exchange: every answer comes back whole, a plain
/// pass is two numbers, and a line that is not an answer is refused rather than misread.
@Suite struct WorkerMessagesTests {
    static let paths = ["scenarios/a.lua", "scenarios/b.lua", "odd\nname \"quoted\".lua"]

    private func roundTrip(_ reply: WorkerReply) -> WorkerReply? {
        let line = reply.line
        #expect(line.last == 0x0A)
        #expect(line.dropLast().contains(0x0A) == false)
        return WorkerReply(line: line.dropLast()[...], paths: Self.paths)
    }

    @Test func aPlainPassIsTwoNumbers() {
        let reply = WorkerReply(
            index: 1, result: ScenarioResult(path: Self.paths[1], verdict: .passed, seconds: 0.001_234_5))
        #expect(String(decoding: reply.line, as: UTF8.self) == "1 0.0012345\n")
        #expect(roundTrip(reply) == reply)
    }

    @Test func everyOtherOutcomeComesBackWhole() {
        let failures = [
            ExpectationFailure(file: "scenarios/b.lua", line: 7, message: "expected \"hi\"", detail: ["- a", "+ b"]),
            ExpectationFailure(file: "bots/bot.lua", line: 2, message: "no reply"),
        ]
        let verdicts: [ScenarioVerdict] = [
            .failed(failures), .error("bot.lua:1: syntax error"), .crashed("signal 11"), .timedOut(limit: .seconds(3)),
        ]
        for verdict in verdicts {
            let reply = WorkerReply(
                index: 2, result: ScenarioResult(path: Self.paths[2], verdict: verdict, seconds: 2.5e-05))
            #expect(roundTrip(reply) == reply)
        }
    }

    @Test func transcriptsTracesCoverageAndSourceFilesComeBack() {
        let coverage = FileCoverage(
            path: "/bots/bot.lua", lineHits: [1: 3, 4: 1], enteredFunctions: [FunctionSpan(firstLine: 3, lastLine: 5)],
            handlers: [HandlerDeclaration(label: "on(\"^hi\")", function: FunctionSpan(firstLine: 3, lastLine: 5))])
        let reply = WorkerReply(
            index: 0,
            result: ScenarioResult(
                path: Self.paths[0], verdict: .passed, seconds: 0.25, transcriptWritten: "a.transcript",
                traceLines: ["line 2: \"hi\" → on(\"^hi\")"]),
            coverage: [coverage], sourceFiles: ["/scenarios/a.lua", "/bots/bot.lua"])
        #expect(roundTrip(reply) == reply)
    }

    @Test func linesThatAreNotAnswersAreRefused() {
        for line in ["", "1", "x 0.5", "1 fast", "3 0.5", "-1 0.5", "1 0.5 {not json", "1 0.5 {\"verdict\":7}"] {
            #expect(WorkerReply(line: Array(line.utf8)[...], paths: Self.paths) == nil, "\(line)")
        }
    }

    @Test func theSuiteAndRequestsComeBack() {
        let suite = WorkerSuite(paths: Self.paths)
        #expect(suite.line.dropLast().contains(0x0A) == false)
        #expect(WorkerSuite(line: suite.line.dropLast()[...]) == suite)
        #expect(WorkerSuite(line: Array("{\"paths\":[]}".utf8)[...]) == nil)
        #expect(WorkerMessage.requestIndex(from: WorkerMessage.request(42).dropLast()[...]) == 42)
        #expect(WorkerMessage.requestIndex(from: Array("4 2".utf8)[...]) == nil)
    }

    @Test func aReaderSplitsWhatArrivesInPiecesIntoLines() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        var reader = LineReader()
        #expect(Descriptor.write(Array("1 0.5\n2 0.".utf8), to: ends[1]))
        #expect(reader.read(from: ends[0])?.map { String(decoding: $0, as: UTF8.self) } == ["1 0.5"])
        #expect(Descriptor.write(Array("25\n\n3 1\n".utf8), to: ends[1]))
        #expect(reader.read(from: ends[0])?.map { String(decoding: $0, as: UTF8.self) } == ["2 0.25", "", "3 1"])
        close(ends[1])
        #expect(reader.read(from: ends[0]) == nil)
    }
}
