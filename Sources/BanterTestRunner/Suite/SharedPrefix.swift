import BanterChat
import BanterScenario
import Foundation

/// A worker's runner of a scenario with branches, kept at the end of its shared prefix (the
/// steps before the first `branch`): the next leaf of the same scenario goes back there
/// (`ScenarioRunner.restore`) and runs only its own steps, instead of opening the
/// conversation and running the prefix again. Kept only while the files the scenario and its
/// bot were read from still hold the same bytes (a worker serves run after run under
/// `--watch`).
final class SharedPrefix {
    let runner: ScenarioRunner
    let mark: ScenarioRunner.Mark
    /// The transcript of the prefix, when a leaf of the scenario has a golden transcript
    /// (or `--update` writes them); nil when none had one as the prefix ran.
    let transcript: GoldenTranscript.Mark?
    private let files: [(path: String, bytes: Data?)]

    init(runner: ScenarioRunner, mark: ScenarioRunner.Mark, transcript: GoldenTranscript.Mark?) {
        self.runner = runner
        self.mark = mark
        self.transcript = transcript
        let paths = runner.script.sourceFiles + runner.session.runningBots.flatMap(\.sourceFiles)
        files = paths.map { ($0, FileManager.default.contents(atPath: $0)) }
    }

    var path: String { runner.script.path }

    /// Whether the scenario's and its bot's files still read as they did.
    var isCurrent: Bool {
        files.allSatisfy { FileManager.default.contents(atPath: $0.path) == $0.bytes }
    }
}
