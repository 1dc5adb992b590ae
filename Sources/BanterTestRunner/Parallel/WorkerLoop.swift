import Foundation

/// The worker side: reads the run's scenario paths, then requests (one line each) until its
/// input ends (a later list of paths starts another run on the same worker), runs each scenario and answers with one line (see `WorkerMessage`).
/// Everything else the process might print goes to standard error, so that the answers stay
/// readable.
package enum WorkerLoop {
    /// Serves requests from standard input; answers on what was standard output.
    package static func serve(_ run: (String) -> WorkerReplyParts) {
        let answers = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        var reader = LineReader()
        var suite: WorkerSuite?
        while let lines = reader.read(from: STDIN_FILENO) {
            for line in lines {
                // A JSON array is a new suite (a pool that keeps its workers between runs).
                guard let paths = suite?.paths, line.first != UInt8(ascii: "[") else {
                    suite = WorkerSuite(line: line)
                    continue
                }
                guard let index = WorkerMessage.requestIndex(from: line), paths.indices.contains(index) else {
                    continue
                }
                let parts = run(paths[index])
                let reply = WorkerReply(
                    index: index, result: parts.result, coverage: parts.coverage, sourceFiles: parts.sourceFiles)
                guard Descriptor.write(reply.line, to: answers) else { return }
            }
        }
    }
}

/// What a worker found running one scenario.
package struct WorkerReplyParts: Sendable {
    package var result: ScenarioResult
    package var coverage: [FileCoverage]?
    /// The files the scenario and its bot read (scripts and `require`d modules, absolute):
    /// what `banter test --watch` reruns the scenario for.
    package var sourceFiles: [String]?

    package init(result: ScenarioResult, coverage: [FileCoverage]? = nil, sourceFiles: [String]? = nil) {
        self.result = result
        self.coverage = coverage
        self.sourceFiles = sourceFiles
    }
}
