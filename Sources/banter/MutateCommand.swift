import ArgumentParser
import BanterConfig
import BanterCore
import BanterLua
import BanterScenario
import BanterTestRunner
import Foundation

/// `banter mutate [BOT.lua …] [SCENARIOS…]`: mutation testing of a bot's scenarios. Each
/// mutant of the bot files (every file the scenarios' bots ran, unless bot files are named)
/// runs on the scenarios that cover its line; the report lists each as killed, survived,
/// timed out or not covered, and the mutation score.
struct MutateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Mutation-test scenarios: would they notice if the bot were wrong?",
        discussion: """
            Makes small changes (mutants) to the bot's Lua files: operators, conditions, \
            and/or, statements and chat:reply calls removed, numbers, strings, patterns, \
            delays, handler registrations. Each runs on the scenarios whose run covered its \
            line; a mutant they all pass with survived. Arguments are scenario files or \
            folders (default: the current folder) and, to mutate only those, bot files.
            """
    )

    @Argument(
        help: ArgumentHelp("Scenario files or folders, and bot files to mutate.", valueName: "path"),
        completion: .luaScripts)
    var paths: [String] = []

    @OptionGroup var workers: JobsOption

    @Option(help: ArgumentHelp("Mutate only lines changed since this git revision.", valueName: "ref"))
    var since: String?

    @Option(help: ArgumentHelp("Write a JUnit XML report to this file.", valueName: "file"), completion: .file())
    var junit: String?

    @Option(help: ArgumentHelp("Write a JSON report to this file.", valueName: "file"), completion: .file())
    var json: String?

    @OptionGroup var scriptLimits: ScriptLimitOptions

    @OptionGroup var config: ConfigOption

    func run() throws {
        let settings = try config.settings()
        let limits = try scriptLimits.limits(in: settings)
        let jobCount = try Diagnostics.exitOnFailure(status: 2) { try TestPlan.jobs(workers.jobs) }
        let limit = try Diagnostics.exitOnFailure(status: 2) { try TestPlan.timeout(workers.timeout(default: "10s")) }
        let junitPath = try Diagnostics.exitOnFailure(status: 2) {
            try junit.map { try ReportPath.checkWritable($0, option: "--junit") }
        }
        let jsonPath = try Diagnostics.exitOnFailure(status: 2) {
            try json.map { try ReportPath.checkWritable($0, option: "--json") }
        }
        let (scenarios, bots) = try Diagnostics.exitOnFailure(status: 2) { try Self.split(paths) }
        let since = try since.map { reference in
            try Diagnostics.exitOnFailure(status: 2) { try ChangedLines(since: reference) }
        }
        let executable = try Diagnostics.exitOnFailure(status: 2) { try TestPlan.currentExecutable() }
        let alarm = String(min(Int(limit.components.seconds) + 2, Int(UInt32.max)))
        let worker = ["test-worker", "--alarm", alarm] + ScriptLimitOptions.arguments(for: limits)
        let coveragePool = WorkerPool(
            launch: WorkerLaunch(executable: executable, arguments: worker + ["--coverage"]), size: jobCount,
            timeout: .seconds(60))
        let mutantPool = WorkerPool(
            launch: WorkerLaunch(executable: executable, arguments: worker), size: jobCount, timeout: limit)
        let tester = MutationTester(
            scenarios: scenarios, files: bots.isEmpty ? nil : bots,
            lines: since.map { $0.lines(of:) },
            coveragePool: coveragePool, mutantPool: mutantPool)
        let report = try Diagnostics.exitOnFailure(status: 2) { try tester.run() }
        let folder = FileManager.default.currentDirectoryPath
        TestOutput.print(report.lines(relativeTo: folder).map { Sanitizer.sanitize($0) })
        try Diagnostics.exitOnFailure(status: 2) {
            if let junitPath {
                try Data(report.junit(relativeTo: folder).utf8).write(to: URL(fileURLWithPath: junitPath))
            }
            if let jsonPath { try report.json().write(to: URL(fileURLWithPath: jsonPath)) }
        }
    }

    /// The scenarios under `paths` and the bot files named among them (a `.lua` file named
    /// directly that declares no scenario).
    static func split(_ paths: [String]) throws -> (scenarios: [String], bots: [String]) {
        var roots: [String] = []
        var bots: [String] = []
        for path in paths.isEmpty ? ["."] : paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw Diagnostics.Failure("\(path): no such file or folder")
            }
            if !isFolder.boolValue && !ScenarioFinder.declaresScenario(path) {
                bots.append(URL(fileURLWithPath: path).standardizedFileURL.path)
            } else {
                roots.append(path)
            }
        }
        let scenarios = try ScenarioFinder.scenarios(in: roots.isEmpty ? ["."] : roots)
        guard !scenarios.isEmpty else {
            throw Diagnostics.Failure(
                "no scenarios found in \((roots.isEmpty ? ["."] : roots).joined(separator: ", "))")
        }
        return (scenarios, bots)
    }
}

/// The lines of each file changed since a git revision (`banter mutate --since REF`), read
/// from `git diff --unified=0`.
struct ChangedLines {
    let reference: String

    init(since reference: String) throws {
        self.reference = reference
        let check = try Self.git(["rev-parse", "--verify", "--quiet", reference + "^{commit}"], in: ".")
        guard check.status == 0 else {
            throw Diagnostics.Failure(
                "--since \(reference): not a git revision here (git rev-parse found no such commit)")
        }
    }

    /// The lines of `file` added or changed since the revision (empty when it did not change).
    func lines(of file: String) throws -> Set<Int>? {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let result: (status: Int32, output: String)
        do {
            result = try Self.git(["diff", "--no-ext-diff", "--unified=0", reference, "--", file], in: folder)
        } catch {
            throw MutationError("--since \(reference): could not run git: \(error.localizedDescription)")
        }
        guard result.status == 0 else {
            throw MutationError("--since \(reference): git diff failed for \(file)")
        }
        var lines: Set<Int> = []
        for line in result.output.split(separator: "\n") where line.hasPrefix("@@ ") {
            // @@ -a,b +c,d @@: the new side starts at c and has d lines (1 when d is left out).
            guard let added = line.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { continue }
            let numbers = added.dropFirst().split(separator: ",").compactMap { Int($0) }
            guard let start = numbers.first else { continue }
            let count = numbers.count > 1 ? numbers[1] : 1
            lines.formUnion(start..<(start + count))
        }
        return lines
    }

    private static func git(_ arguments: [String], in folder: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
