import ArgumentParser
import BanterConfig
import BanterCore
import BanterScript
import BanterTestRunner
import Foundation

/// `banter test [PATH…]`: runs every scenario under the paths, like unit tests, in parallel
/// worker processes. One line per scenario (✓ or ✗) in path order whatever finishes first,
/// each failed expectation under it with file:line, and a last line `N passed, N failed`
/// (`, N errors` when some could not load). Exit status 1 on a failure, 2 when a scenario
/// could not load, or on bad options (one line each, before anything runs).
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenarios as tests and report failed expectations.",
        discussion: """
            Folders are searched for .lua files that declare a scenario (a line starting \
            with `scenario {`); files named directly are always run. Each scenario runs on \
            a fresh in-memory database and a virtual clock, in one of -j worker processes: \
            a scenario that crashes or runs past --timeout fails alone.
            """
    )

    @Argument(
        help: ArgumentHelp("Scenario files or folders (default: the current folder).", valueName: "path"),
        completion: .luaScripts)
    var paths: [String] = []

    @OptionGroup var workers: JobsOption

    @Option(
        help: ArgumentHelp(
            "Run only the K-th of N shares of the scenarios, so that N machines together run each once.",
            valueName: "K/N"))
    var shard: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "file"), completion: .file())
    var junit: String?

    @Flag(help: "After the summary, print which lines and handlers of the bots the scenarios ran.")
    var coverage = false

    @Option(
        help: ArgumentHelp("Write the bots' line coverage to this file in LCOV format.", valueName: "file"),
        completion: .file())
    var lcov: String?

    @Flag(
        help: ArgumentHelp(
            "Write each scenario's transcript to NAME.transcript beside it (only when it changed), instead of comparing.",
            discussion:
                "Without it, a scenario whose NAME.transcript exists fails with a diff when its transcript differs."))
    var update = false

    @Flag(
        help: ArgumentHelp(
            "Under each scenario, print which handler took each message and what it did.",
            discussion: "A failed expectation always shows the trace of its step."))
    var trace = false

    @Flag(
        help: ArgumentHelp(
            "Keep running: rerun the scenarios a changed scenario, bot or module affects, with a fresh summary each time.",
            discussion: "Ctrl-C ends it (exit status 130). New scenario files under the paths are picked up too."))
    var watch = false

    @Option(
        help: ArgumentHelp(
            "Instead of running a suite, shrink this failing scenario to NAME.min.lua (as banter shrink does).",
            valueName: "file"),
        completion: .luaScripts)
    var shrink: String?

    @Option(
        help: ArgumentHelp("With --shrink: stop shrinking after this long (e.g. 30s).", valueName: "duration"))
    var budget: String = "60s"

    @Option(
        help: ArgumentHelp(
            "Instead of running a suite, run this scenario here with the step debugger: it stops at each --break.",
            discussion:
                "The pause shows as in the REPL, and its commands (step, next, print EXPR, continue…) are read from standard input.",
            valueName: "file"),
        completion: .luaScripts)
    var debug: String?

    @Option(
        name: .customLong("break"),
        help: ArgumentHelp(
            "With --debug: where the bot stops, as /break takes it (FILE:LINE, 'on \"pattern\"', reply); repeatable.",
            valueName: "breakpoint"))
    var breakpoints: [String] = []

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var config: ConfigOption

    @OptionGroup var models: ModelOptions

    func run() throws {
        let settings = try config.settings()
        if let debug {
            guard paths.isEmpty, shrink == nil, !watch else {
                Diagnostics.report(
                    message: "--debug runs one scenario file alone: give it no paths, --shrink or --watch")
                throw ExitCode(2)
            }
            try TestDebug.run(debug, breakpoints: breakpoints, limits: try scriptLimits.limits(in: settings))
            return
        }
        guard breakpoints.isEmpty else {
            Diagnostics.report(message: "--break goes with --debug FILE: the suite's workers do not stop")
            throw ExitCode(2)
        }
        if let shrink {
            guard paths.isEmpty else {
                Diagnostics.report(message: "--shrink takes one scenario file; give it no other paths")
                throw ExitCode(2)
            }
            let limits = try scriptLimits.limits(in: settings)
            try ShrinkOptions.shrink(shrink, workers: workers, budget: budget, limits: limits)
            return
        }
        let plan = try Diagnostics.exitOnFailure(status: 2) { try TestPlan(self, settings: settings) }
        let pool = WorkerPool(
            launch: try Diagnostics.exitOnFailure(status: 2) { try plan.workerLaunch() },
            size: plan.jobs, timeout: plan.timeout)
        // Workers get ready while a big suite's files are still being read.
        let candidates = try Diagnostics.exitOnFailure(status: 2) { try plan.candidates() }
        try Diagnostics.exitOnFailure(status: 2) { try pool.startWorkers(count: plan.mostScenarios(among: candidates)) }
        let scenarios = try Diagnostics.exitOnFailure(status: 2) { try plan.scenariosToRun(among: candidates) }
        if plan.watches {
            try Diagnostics.exitOnFailure(status: 2) {
                try TestWatch(plan: plan, pool: pool, scenarios: scenarios).run()
            }
            throw ExitCode(130)
        }
        let run = SuiteRun(paths: scenarios)
        let started = Date()
        try Diagnostics.exitOnFailure(status: 2) {
            try run.run(in: pool) { result in
                TestOutput.print(TestOutput.lines(for: result))
            }
        }
        let summary = run.summary
        TestOutput.print([summary.closingLine])
        try Diagnostics.exitOnFailure(status: 2) { try TestOutput.finish(run, plan: plan, started: started) }
        if summary.exitStatus != 0 { throw ExitCode(summary.exitStatus) }
    }
}

/// The hidden worker mode `banter test` starts its workers in: reads the run's scenario
/// paths and then requests on standard input, and answers each with one line (the protocol
/// is `WorkerMessage`'s).
struct TestWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-worker",
        abstract: "Run scenarios handed over by `banter test` (internal).",
        shouldDisplay: false
    )

    @Flag(help: "Record which lines and handlers of the bots run.")
    var coverage = false

    @Option(help: "Seconds after which a scenario ends this worker, should `banter test` no longer be there to.")
    var alarm: UInt32?

    @Flag(help: "Write golden transcripts instead of comparing with them.")
    var updateTranscripts = false

    @Flag(help: "Report every handler trace, not only those of failed steps.")
    var trace = false

    @Flag(help: "Report the files each scenario and its bot read (for --watch).")
    var sourceFiles = false

    @Option(
        help: ArgumentHelp("Record cassettes with the models this configuration file configures.", valueName: "file"))
    var recordWith: String?

    @OptionGroup var scriptLimits: ScriptLimitOptions

    func run() throws {
        // No configuration file: `banter test` passes every limit it resolved as a flag.
        let limits = try scriptLimits.limits(in: Settings(file: nil, environment: [:]))
        let recorder = try recordWith.map { try ModelOptions.recorder(configuredIn: try ConfigFile(path: $0)) }
        let check = try ScenarioCheck(
            limits: limits, recordsCoverage: coverage, transcripts: updateTranscripts ? .update : .compare,
            reportsTraces: trace, reportsSourceFiles: sourceFiles, recordingModels: recorder)
        // A worker inherits its runner's signal mask, which may block SIGALRM.
        signal(SIGALRM, SIG_DFL)
        var alarmSignal = sigset_t()
        sigemptyset(&alarmSignal)
        sigaddset(&alarmSignal, SIGALRM)
        sigprocmask(SIG_UNBLOCK, &alarmSignal, nil)
        WorkerLoop.serve { path in
            // The runner kills a worker at --timeout; the alarm (a little later) ends one
            // whose runner died first, instead of leaving it spinning on a scenario.
            if let alarm { Glibc.alarm(alarm) }
            defer { Glibc.alarm(0) }
            return check.run(path)
        }
    }
}
