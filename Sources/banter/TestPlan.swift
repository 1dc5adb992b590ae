import BanterConfig
import BanterCore
import BanterLua
import BanterScenario
import BanterScript
import BanterTestRunner
import Foundation

/// What `banter test` was asked to do, checked before anything runs: every bad option is
/// one line and exit status 2 (see `TestCommand`). The scenarios themselves are looked for
/// afterwards (`candidates`, `scenariosToRun`), while the workers start.
struct TestPlan {
    var jobs: Int
    var timeout: Duration
    var junitPath: String?
    var lcovPath: String?
    /// Whether workers record coverage (`--coverage` or `--lcov`).
    var coverage: Bool
    /// Whether the coverage summary is printed (`--coverage`).
    var printsCoverage: Bool
    var limits: ScriptLimits
    var shard: Shard?
    var workerArguments: [String]
    /// The files and folders given (the current folder when none).
    var roots: [String]
    /// `--watch`: run again whenever a scenario, bot or module changes.
    var watches: Bool

    init(_ command: TestCommand, settings: Settings) throws {
        jobs = try Self.jobs(command.workers.jobs)
        shard = try command.shard.map { text throws(Shard.Invalid) in try Shard(parsing: text) }
        timeout = try Self.timeout(command.workers.timeout())
        junitPath = try command.junit.map { try ReportPath.checkWritable($0, option: "--junit") }
        lcovPath = try command.lcov.map { try ReportPath.checkWritable($0, option: "--lcov") }
        coverage = command.coverage || command.lcov != nil
        printsCoverage = command.coverage
        limits = try command.scriptLimits.limits(in: settings)
        let alarm = Int(timeout.components.seconds) + 2
        workerArguments =
            ["test-worker", "--alarm", String(min(alarm, Int(UInt32.max)))]
            + ScriptLimitOptions.arguments(for: limits) + (coverage ? ["--coverage"] : [])
            + (command.update ? ["--update-transcripts"] : []) + (command.trace ? ["--trace"] : [])
            + (command.watch ? ["--source-files"] : [])
        if command.models.record {
            _ = try ModelOptions.recorder(configuredIn: settings.file)
            workerArguments += ["--record-with", settings.file!.path]
        }

        roots = command.paths.isEmpty ? ["."] : command.paths
        watches = command.watch
        if watches {
            for (option, given) in [
                ("--junit", junitPath != nil), ("--lcov", lcovPath != nil), ("--coverage", coverage),
            ] where given {
                throw Diagnostics.Failure("--watch cannot be combined with \(option): reports are written for one run")
            }
        }
    }

    /// The files under `roots` that may be scenarios, listed but not read yet.
    func candidates() throws -> ScenarioFinder.Candidates {
        try ScenarioFinder.candidates(in: roots)
    }

    /// At most how many of `candidates` this machine runs, known before the files are read:
    /// how many workers are worth starting while they are.
    func mostScenarios(among candidates: ScenarioFinder.Candidates) -> Int {
        shard?.shareSize(of: candidates.count) ?? candidates.count
    }

    /// The scenarios among `candidates` this machine runs (its shard's share), in path
    /// order; an error when there are none.
    func scenariosToRun(among candidates: ScenarioFinder.Candidates) throws -> [String] {
        let scenarios = share(of: candidates.scenarios())
        guard !scenarios.isEmpty else {
            throw Diagnostics.Failure("no scenarios found in \(roots.joined(separator: ", "))")
        }
        return scenarios
    }

    /// The scenarios under `roots` now, this shard's share (again and again with `--watch`).
    func findScenarios() throws -> [String] {
        share(of: try candidates().scenarios())
    }

    /// This shard's share of the cases: one per scenario, or per leaf of its branches.
    private func share(of scenarios: [String]) -> [String] {
        let cases = ScenarioCase.expand(scenarios, limits: limits)
        return shard?.select(cases) ?? cases
    }

    /// This very executable, started again in its worker mode.
    func workerLaunch() throws -> WorkerLaunch {
        WorkerLaunch(executable: try Self.currentExecutable(), arguments: workerArguments)
    }

    static func jobs(_ text: String?) throws -> Int {
        guard let text else { return max(ProcessInfo.processInfo.activeProcessorCount, 1) }
        guard let jobs = Int(text), jobs >= 1 else {
            throw Diagnostics.Failure("-j \(text): the number of jobs must be a whole number of at least 1")
        }
        return jobs
    }

    static func timeout(_ text: String) throws -> Duration {
        let duration: Duration
        do {
            duration = try DurationParser.parse(text)
        } catch {
            throw Diagnostics.Failure("--timeout \(text): \(error)")
        }
        guard duration > .zero else {
            throw Diagnostics.Failure("--timeout \(text): the time limit must be more than 0")
        }
        return duration
    }

    static func currentExecutable() throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else {
            throw Diagnostics.Failure(
                "cannot find the banter executable to start test workers: \(String(cString: strerror(errno)))")
        }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// Checks that a report can be written where the user asked, before the run.
enum ReportPath {
    /// The path, when a file can be created or replaced there; never creates a folder.
    static func checkWritable(_ path: String, option: String) throws -> String {
        guard !path.isEmpty else { throw Diagnostics.Failure("\(option): the path is empty") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard !isFolder.boolValue else { throw Diagnostics.Failure("\(option) \(path): is a folder; name a file") }
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else {
                throw Diagnostics.Failure(
                    "\(option) \(path): cannot write the file: \(String(cString: strerror(errno)))")
            }
            close(fd)
            return path
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Diagnostics.Failure(
                "\(option) \(path): the folder \(folder) does not exist (banter does not create it)")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw Diagnostics.Failure("\(option) \(path): cannot create the file: \(String(cString: strerror(errno)))")
        }
        close(fd)
        unlink(path)
        return path
    }
}
