import BanterChat
import BanterScenario
import BanterTerminal
import Foundation

/// A scenario's golden transcript: `NAME.transcript` beside `NAME.lua`, the plain text
/// `banter run NAME.lua --width W` prints when piped (W is the scenario's `width`, else 80).
/// When the file exists, every run compares its transcript with it and fails on a
/// difference with a unified diff; `banter test --update` writes it instead, and only when
/// the text changed (a transcript that still matches keeps its modification time).
package final class GoldenTranscript {
    /// Compare with an existing file, or write the file (`--update`).
    package enum Mode: String, Codable, Sendable {
        case compare
        case update
    }

    /// The width a transcript is rendered at unless the scenario sets `width`.
    static let defaultWidth = 80
    /// How many lines of a diff are shown; the rest is counted.
    static let maxDiffLines = 60

    /// `NAME.transcript`.
    package let path: String
    let scenarioPath: String
    let mode: Mode
    private var lines: [String] = []
    private var printer: TranscriptPrinter?
    /// The columns the transcript is rendered at (the scenario's `width`, else 80).
    private(set) var width = GoldenTranscript.defaultWidth

    /// What happened to the file.
    package enum Outcome: Hashable, Sendable {
        /// It matched (or, without `--update`, there is none to compare with).
        case unchanged
        /// `--update` wrote it (it was new or had changed).
        case written
        /// The run's transcript differs from it, or it could not be written or read.
        case failed(ExpectationFailure)
    }

    /// The golden file of the scenario at `scenarioPath`, when this run needs it: always in
    /// update mode, otherwise only when the file exists (nil: nothing to render).
    static func forScenario(_ scenarioPath: String, leaf: String? = nil, mode: Mode) -> GoldenTranscript? {
        let path = transcriptPath(forScenario: scenarioPath, leaf: leaf)
        guard mode == .update || FileManager.default.fileExists(atPath: path) else { return nil }
        return GoldenTranscript(path: path, scenarioPath: scenarioPath, mode: mode)
    }

    /// `talk.lua` → `talk.transcript` (any other name gets `.transcript` appended); its
    /// leaf `says no` → `talk › says no.transcript`.
    static func transcriptPath(forScenario path: String, leaf: String? = nil) -> String {
        let base = path.hasSuffix(".lua") ? String(path.dropLast(4)) : path
        return ScenarioCase(path: base, leaf: leaf).name + ".transcript"
    }

    /// The golden file of a scenario's leaf, made whether or not this run compares it: the
    /// transcript of a prefix that several leaves share is recorded once (`mark`).
    static func recording(_ scenarioPath: String, leaf: String?, mode: Mode) -> GoldenTranscript {
        GoldenTranscript(
            path: transcriptPath(forScenario: scenarioPath, leaf: leaf), scenarioPath: scenarioPath, mode: mode)
    }

    private init(path: String, scenarioPath: String, mode: Mode) {
        self.path = path
        self.scenarioPath = scenarioPath
        self.mode = mode
    }

    /// Renders what `runner` does from now on (call before `run`).
    package func record(_ runner: ScenarioRunner) {
        let settings = runner.script.settings
        width = settings.width ?? Self.defaultWidth
        let style = TranscriptStyle(width: width, colorMode: .none, timeZone: settings.timeZone)
        let printer = TranscriptPrinter(style: style) { [unowned self] lines in self.lines += lines }
        printer.start(runner.openingMessages, session: runner.session)
        follow(runner, with: printer)
    }

    /// Hands `printer` every event of `runner` from now on.
    private func follow(_ runner: ScenarioRunner, with printer: TranscriptPrinter) {
        let previous = runner.onEvent
        runner.onEvent = { [unowned runner] event in
            previous?(event)
            printer.handle(event, session: runner.session)
        }
        self.printer = printer
    }

    /// The transcript so far: where the leaves of a scenario's branches each go on from
    /// after their shared prefix (nil before `record`).
    struct Mark {
        let lines: [String]
        let printer: TranscriptPrinter.Mark
        let width: Int
    }

    var mark: Mark? { printer.map { Mark(lines: lines, printer: $0.mark, width: width) } }

    /// Renders what `runner` does from now on, after the transcript `mark` holds (call
    /// before the runner goes on; the runner is back where the mark was taken).
    func record(_ runner: ScenarioRunner, after mark: Mark) {
        let printer = TranscriptPrinter(
            style: TranscriptStyle(width: mark.width, colorMode: .none, timeZone: runner.script.settings.timeZone)
        ) {
            [unowned self] lines in self.lines += lines
        }
        printer.restore(mark.printer)
        lines = mark.lines
        width = mark.width
        follow(runner, with: printer)
    }

    /// Compares the recorded transcript with the file, or writes it.
    package func finish(_ runner: ScenarioRunner) -> Outcome {
        printer?.finish(session: runner.session)
        let text = lines.map { $0 + "\n" }.joined()
        let name = URL(fileURLWithPath: path).lastPathComponent
        let existing = FileManager.default.contents(atPath: path)
        if existing == Data(text.utf8) { return .unchanged }
        switch mode {
        case .update:
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                return .failed(
                    ExpectationFailure(
                        file: name, line: 0, message: "could not write the transcript: \(error.localizedDescription)"))
            }
            return .written
        case .compare:
            guard let existing else {
                return .failed(ExpectationFailure(file: name, line: 0, message: "could not read the transcript"))
            }
            return .failed(difference(expected: String(decoding: existing, as: UTF8.self), got: text, name: name))
        }
    }

    /// The failure for a transcript that differs: where it first differs, and the diff.
    func difference(expected: String, got: String, name: String) -> ExpectationFailure {
        let old = Self.lines(of: expected), new = Self.lines(of: got)
        let firstDifference = zip(old, new).prefix { $0 == $1 }.count + 1
        var diff = ["--- \(name) (expected)", "+++ this run (got)"] + UnifiedDiff.hunks(expected: old, got: new)
        if expected.hasSuffix("\n") != got.hasSuffix("\n") || diff.count == 2 {
            diff.append("(the files differ in their last line break)")
        }
        if diff.count > Self.maxDiffLines {
            let cut = diff.count - Self.maxDiffLines
            diff = Array(diff.prefix(Self.maxDiffLines))
            let scenario = URL(fileURLWithPath: scenarioPath).lastPathComponent
            diff.append(
                "… \(cut) more lines of the diff cut (the whole transcript: banter run \(scenario) --width \(width))")
        }
        return ExpectationFailure(
            file: name, line: firstDifference,
            message:
                "the transcript differs (- expected, + got); if the change is right, accept it with banter test --update",
            detail: diff)
    }

    /// The lines of a text as diff counts them (a last line break ends the last line).
    static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }
}
