import ArgumentParser

/// `-j/--jobs` and `--timeout`, declared once for every command that runs scenarios in
/// worker processes (`test`, `shrink`, `mutate`), so they read and are documented alike.
struct JobsOption: ParsableArguments {
    @Option(
        name: [.customShort("j"), .customLong("jobs")],
        help: ArgumentHelp(
            "Scenario runs at once, each in its own worker process (default: the number of cores).", valueName: "n"))
    var jobs: String?

    @Option(
        help: ArgumentHelp(
            """
            Wall-clock time one scenario run may take before it is stopped and failed, e.g. 30s \
            (default: 60s; for banter mutate 10s, and the mutant counts as timed out).
            """,
            valueName: "duration"))
    var timeout: String?

    /// What `test` and `shrink` allow a scenario run when `--timeout` is not given.
    static let defaultTimeout = "60s"

    /// `--timeout` as typed, else `fallback`.
    func timeout(default fallback: String = JobsOption.defaultTimeout) -> String {
        timeout ?? fallback
    }
}
