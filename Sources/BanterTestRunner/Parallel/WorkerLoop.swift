import Foundation

/// The worker side: reads requests (one JSON line each) until its input ends, runs each
/// scenario and answers with one JSON line. Everything else the process might print goes
/// to standard error, so that the answers stay readable.
public enum WorkerLoop {
    /// Serves requests from standard input; answers on what was standard output.
    public static func serve(_ run: (String) -> WorkerReplyParts) {
        let answers = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        var lines = LineBuffer()
        while true {
            let bytes = Descriptor.read(from: STDIN_FILENO)
            if bytes.isEmpty { return }
            for line in lines.feed(bytes[...]) {
                guard let request = MessageLine.decode(WorkerRequest.self, from: line) else { continue }
                let parts = run(request.path)
                let reply = WorkerReply(
                    index: request.index, result: parts.result, coverage: parts.coverage, sourceFiles: parts.sourceFiles)
                guard Descriptor.write(MessageLine.encode(reply), to: answers) else { return }
            }
        }
    }
}

/// What a worker found running one scenario.
public struct WorkerReplyParts: Sendable {
    public var result: ScenarioResult
    public var coverage: [FileCoverage]?
    /// The files the scenario and its bot read (scripts and `require`d modules, absolute):
    /// what `banter test --watch` reruns the scenario for.
    public var sourceFiles: [String]?

    public init(result: ScenarioResult, coverage: [FileCoverage]? = nil, sourceFiles: [String]? = nil) {
        self.result = result
        self.coverage = coverage
        self.sourceFiles = sourceFiles
    }
}
