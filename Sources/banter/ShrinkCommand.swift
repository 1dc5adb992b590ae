import ArgumentParser
import BanterConfig
import BanterCore
import BanterLua
import BanterScript
import BanterTestRunner
import Foundation

/// `banter shrink FILE` (also `banter test --shrink FILE`): shrinks a failing scenario to a
/// smallest one that fails the same way and writes it as `NAME.min.lua` beside it, printing
/// the steps it removed and simplified. Candidates run in `-j` worker processes.
struct ShrinkCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shrink",
        abstract: "Shrink a failing scenario to a smallest one that fails the same way.",
        discussion: """
            Removes steps (delta debugging), then makes the rest simpler (fewer words, \
            shorter waits that group as before, options and settings left out), keeping \
            only candidates whose failing step fails with the same message. Writes \
            NAME.min.lua beside NAME.lua; the same input always gives the same result.
            """
    )

    @Argument(help: ArgumentHelp("The failing scenario.", valueName: "file"), completion: .luaScripts)
    var file: String

    @OptionGroup var options: ShrinkOptions

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var config: ConfigOption

    func run() throws {
        let settings = try config.settings()
        let limits = try scriptLimits.limits(in: settings)
        try options.shrink(file, limits: limits)
    }
}

/// The options `banter shrink` and `banter test --shrink` share, and the run itself.
struct ShrinkOptions: ParsableArguments {
    @OptionGroup var workers: JobsOption

    @Option(
        help: ArgumentHelp(
            "Stop shrinking after this long and keep the smallest scenario found (e.g. 30s).", valueName: "duration"))
    var budget: String = "60s"

    /// Shrinks `file`; prints what it removed and where it wrote the result. Bad input is
    /// one line on standard error and exit status 2.
    func shrink(_ file: String, limits: ScriptLimits) throws {
        try Self.shrink(file, workers: workers, budget: budget, limits: limits)
    }

    /// The run behind both commands, from the options as typed.
    static func shrink(_ file: String, workers: JobsOption, budget: String, limits: ScriptLimits) throws {
        let (jobs, budget, timeout) = try Diagnostics.exitOnFailure(status: 2) {
            (try TestPlan.jobs(workers.jobs), try Self.budget(budget), try TestPlan.timeout(workers.timeout()))
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else {
            Diagnostics.report(message: "shrink \(file): no such scenario file")
            throw ExitCode(2)
        }
        let alarm = Int(timeout.components.seconds) + 2
        let launch = WorkerLaunch(
            executable: try Diagnostics.exitOnFailure(status: 2) { try TestPlan.currentExecutable() },
            arguments: ["test-worker", "--alarm", String(min(alarm, Int(UInt32.max)))]
                + ScriptLimitOptions.arguments(for: limits))
        let pool = WorkerPool(launch: launch, size: jobs, timeout: timeout)
        defer { pool.shutDown() }
        let shrinker = ScenarioShrinker(
            path: file, runner: PoolCandidateRunner(pool: pool), budget: budget, limits: limits)
        let result = try Diagnostics.exitOnFailure(status: 2) { try shrinker.shrink() }
        TestOutput.print(Self.lines(for: result).map { Sanitizer.sanitize($0) })
    }

    /// What `banter shrink` prints for a result.
    static func lines(for result: ShrinkResult) -> [String] {
        let name = URL(fileURLWithPath: result.originalPath).lastPathComponent
        let minimal = URL(fileURLWithPath: result.minimalPath).lastPathComponent
        let seconds = String(format: "%.1f", result.seconds)
        var lines = [
            "\(result.originalPath): \(result.originalStepCount) steps → \(result.minimalStepCount), the same failure (\(result.candidatesRun) candidates in \(seconds)s)",
            "  \(minimal):\(result.failureLine): \(result.failureMessage)",
        ]
        if result.stoppedAtBudget {
            lines.append("  stopped at --budget: a smaller scenario may exist; run it again on \(minimal)")
        }
        lines.append("removed \(result.removed.count) steps:")
        lines += result.removed.map { "  \(name):\($0.line)  \($0.step)" }
        if !result.changed.isEmpty {
            lines.append("simplified \(result.changed.count):")
            lines += result.changed.map { "  \(name):\($0.line)  \($0.before)  →  \($0.after)" }
        }
        if !result.settingsDropped.isEmpty {
            lines.append("left at their defaults: " + result.settingsDropped.joined(separator: ", "))
        }
        lines.append("wrote \(result.minimalPath)")
        return lines
    }

    private static func budget(_ text: String) throws -> Duration {
        let duration: Duration
        do { duration = try DurationParser.parse(text) } catch {
            throw Diagnostics.Failure("--budget \(text): \(error)")
        }
        guard duration > .zero else { throw Diagnostics.Failure("--budget \(text): the budget must be more than 0") }
        return duration
    }
}
