import BanterCore
import BanterLua
import Foundation

/// `banter mutate`: makes the mutants of bot files (`MutantGenerator`), skips those that
/// compile to the same code as the file or as an earlier mutant, and runs each on the
/// scenarios whose run covered its line, in the pool's workers with the file replaced by
/// the mutant (`OverriddenScenario`). A mutant some scenario notices (a failed expectation,
/// a different golden transcript, a bot error, a crash) is killed; one every scenario
/// passes with survived; one that ran past the time limit timed out; one on a line no
/// scenario ran is not covered and not run.
package final class MutationTester {
    let scenarios: [String]
    let files: [String]?
    let lines: ((String) throws -> Set<Int>?)?
    let coveragePool: WorkerPool
    let mutantPool: WorkerPool

    /// - Parameters:
    ///   - files: the bot files to mutate (nil: every bot file and module the scenarios ran).
    ///   - lines: for a file, the only lines to mutate (`--since`), nil for all of them.
    ///   - coveragePool: workers that record coverage, for the run without mutants.
    ///   - mutantPool: workers for the mutants, with the time limit of one run.
    package init(
        scenarios: [String], files: [String]?, lines: ((String) throws -> Set<Int>?)? = nil,
        coveragePool: WorkerPool, mutantPool: WorkerPool
    ) {
        self.scenarios = scenarios
        self.files = files?.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        self.lines = lines
        self.coveragePool = coveragePool
        self.mutantPool = mutantPool
    }

    package func run() throws(MutationError) -> MutationReport {
        let started = ContinuousClock.now
        var report = MutationReport()
        // The scenarios as they are: those that pass, and what each ran.
        var coverage: [[String: FileCoverage]] = Array(repeating: [:], count: scenarios.count)
        var verdicts: [ScenarioVerdict] = Array(repeating: .passed, count: scenarios.count)
        do {
            try coveragePool.run(scenarios) { index, reply in
                verdicts[index] = reply.result.verdict
                for file in reply.coverage ?? [] { coverage[index][file.path] = file }
            }
        } catch {
            throw MutationError(error.description)
        }
        let passing = scenarios.indices.filter { verdicts[$0] == .passed }
        report.scenariosFailingAlready = scenarios.indices.filter { verdicts[$0] != .passed }.map {
            "\(scenarios[$0]): \(verdicts[$0].summary)"
        }
        report.scenarioCount = passing.count
        guard !passing.isEmpty else {
            throw MutationError(
                "no scenario passes without mutants, so none can tell a mutant apart: \(report.scenariosFailingAlready.first ?? "no scenarios")"
            )
        }
        let targets =
            files ?? Array(Set(passing.flatMap { coverage[$0].keys })).sorted()
        guard !targets.isEmpty else {
            throw MutationError("the scenarios ran no bot file, so there is nothing to mutate")
        }

        let workspace = FileManager.default.temporaryDirectory.appendingPathComponent(
            "banter-mutate-\(getpid())-\(UUID().uuidString.prefix(8))")
        do { try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true) } catch {
            throw MutationError("cannot create \(workspace.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: workspace) }

        var entries: [String] = []
        var entryMutant: [Int] = []
        for file in targets {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw MutationError("cannot read \(file)")
            }
            let source = [UInt8](data)
            let wanted: Set<Int>?
            do { wanted = try lines?(file) } catch { throw MutationError("\(error)") }
            var compiled = try CompiledMutants(file: file, source: source)
            report.files.append(file)
            for mutant in MutantGenerator(file: file, source: source).mutants() {
                if let wanted, !wanted.contains(mutant.line) { continue }
                let mutated = mutant.apply(to: source)
                switch compiled.classify(mutated) {
                case .invalid: continue
                case .equivalent:
                    report.equivalentSkipped += 1
                    continue
                case .distinct: break
                }
                let (before, after) = mutant.diff(in: source)
                let covering = passing.filter { (coverage[$0][file]?.lineHits[mutant.line] ?? 0) > 0 }.map {
                    scenarios[$0]
                }
                let position = report.results.count
                report.results.append(
                    MutationReport.Result(
                        file: file, line: mutant.line, kind: mutant.kind, before: before, after: after,
                        status: covering.isEmpty ? .notCovered : .survived, scenarios: covering))
                guard !covering.isEmpty else { continue }
                let path = workspace.appendingPathComponent("mutant-\(position).lua").path
                do { try Data(mutated).write(to: URL(fileURLWithPath: path)) } catch {
                    throw MutationError("cannot write \(path): \(error.localizedDescription)")
                }
                for scenario in covering {
                    entries.append(OverriddenScenario(scenario: scenario, file: file, replacement: path).entry)
                    entryMutant.append(position)
                }
            }
        }

        do {
            try mutantPool.run(entries) { index, reply in
                let position = entryMutant[index]
                let scenario = OverriddenScenario(entry: entries[index])?.scenario ?? entries[index]
                switch reply.result.verdict {
                case .passed: break
                case .timedOut:
                    if report.results[position].status == .survived { report.results[position].status = .timedOut }
                case .failed, .error, .crashed:
                    if report.results[position].status != .killed {
                        report.results[position].status = .killed
                        report.results[position].killedBy = "\(scenario): \(reply.result.verdict.summary)"
                    }
                }
            }
        } catch {
            throw MutationError(error.description)
        }
        report.seconds = (ContinuousClock.now - started).seconds
        return report
    }
}

/// The original file compiled, and the mutants compiled so far: tells a mutant that does
/// not compile, or compiles to the same code (debug information stripped) as the file or
/// an earlier mutant, from one worth running.
struct CompiledMutants {
    enum Class { case invalid, equivalent, distinct }

    let state: LuaState
    let name: String
    var seen: Set<[UInt8]>

    init(file: String, source: [UInt8]) throws(MutationError) {
        name = URL(fileURLWithPath: file).lastPathComponent
        do {
            state = try LuaState(now: { Timestamp(millisecondsSince1970: 0) })
            seen = [try state.compiledDump(ofSource: source, chunkName: name, stripped: true)]
        } catch {
            throw MutationError("\(file) does not compile: \(error)")
        }
    }

    mutating func classify(_ mutated: [UInt8]) -> Class {
        guard let dump = try? state.compiledDump(ofSource: mutated, chunkName: name, stripped: true) else {
            return .invalid
        }
        return seen.insert(dump).inserted ? .distinct : .equivalent
    }
}

/// Why `banter mutate` cannot run, as one line.
package struct MutationError: Error, CustomStringConvertible {
    package var description: String
    package init(_ description: String) { self.description = description }
}
