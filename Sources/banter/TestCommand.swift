import ArgumentParser
import BanterChat
import BanterScript
import Foundation

/// `banter test [PATH…]`: runs every scenario under the paths, like unit tests. One line
/// per scenario (✓ or ✗), each failed expectation under it with file:line, and a last line
/// `N passed, N failed`. Exit status 1 on a failure, 2 when a scenario or bot fails to load.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run scenarios as tests and report failed expectations.",
        discussion: """
            Folders are searched for .lua files that declare a scenario (a line starting \
            with `scenario {`); files named directly are always run. Each scenario runs on \
            a fresh in-memory database and a virtual clock.
            """
    )

    @Argument(help: ArgumentHelp("Scenario files or folders (default: the current folder).", valueName: "path"),
              completion: .luaScripts)
    var paths: [String] = []

    @OptionGroup var scriptLimits: ScriptLimitOptions

    func run() throws {
        let files = try Diagnostics.exitOnFailure(status: 2) {
            try ScenarioFinder.scenarios(in: paths.isEmpty ? ["."] : paths)
        }
        guard !files.isEmpty else {
            Diagnostics.report(message: "no scenarios found in \((paths.isEmpty ? ["."] : paths).joined(separator: ", "))")
            throw ExitCode(2)
        }
        var passed = 0, failed = 0, broken = 0
        for file in files {
            switch check(file) {
            case .passed:
                passed += 1
                print("✓ \(file)")
            case .failed(let failures):
                failed += 1
                print("✗ \(file)")
                for failure in failures { print("  \(failure)") }
            case .error(let message):
                failed += 1
                broken += 1
                print("✗ \(file)")
                print("  error: \(message)")
            }
        }
        print("\(passed) passed, \(failed) failed")
        if broken > 0 { throw ExitCode(2) }
        if failed > 0 { throw ExitCode(1) }
    }

    private enum Outcome {
        case passed
        case failed([ScenarioFailure])
        case error(String)
    }

    private func check(_ file: String) -> Outcome {
        do {
            let (_, runner) = try ScenarioLoading.load(file, databasePath: ":memory:", limits: scriptLimits.limits)
            let failures = try runner.run()
            return failures.isEmpty ? .passed : .failed(failures)
        } catch {
            return .error("\(error)")
        }
    }
}
