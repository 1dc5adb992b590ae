import ArgumentParser
import BanterCore
import BanterLua
import BanterScenario
import BanterTerminal
import Foundation

/// `banter test --debug FILE --break …`: one scenario run here, not in a worker, with the
/// step debugger (`ScenarioDebugger`); its transcript and failures printed as `banter run`
/// prints them, the same exit statuses.
enum TestDebug {
    static func run(_ path: String, breakpoints texts: [String], limits: ScriptLimits) throws {
        let breakpoints = try Diagnostics.exitOnFailure(status: 2) {
            try texts.map { text in
                do { return try Breakpoint(parsing: text) } catch { throw ValidationError("--break: \(error)") }
            }
        }
        let (script, runner) = try Diagnostics.exitOnFailure(status: 2) {
            try ScenarioLoading.load(path, databasePath: ":memory:", limits: limits)
        }
        let environment = ProcessInfo.processInfo.environment
        let style = TranscriptStyle(
            width: TranscriptStyle.width(requested: nil, preferred: script.settings.width, environment: environment),
            timeZone: script.settings.timeZone)
        let debugger = ScenarioDebugger(runner: runner, style: style, breakpoints: breakpoints)
        let failures = try Diagnostics.exitOnFailure(status: 2) { try debugger.run() }
        for failure in failures { Diagnostics.printLine("\(failure)") }
        if !failures.isEmpty { throw ExitCode(1) }
    }
}
