import BanterCore
import BanterLua
import BanterScenario
import BanterScript
import Foundation

/// Shrinks a failing scenario to a smallest one that fails the same way (`banter shrink`):
/// delta debugging over its steps, then simpler arguments, then settings left at their
/// defaults. Each candidate is written as a scenario file beside the original (hidden,
/// removed after its run) and run on a `CandidateRunner`, a batch at a time; the first
/// candidate of a batch that keeps the failure, in a fixed order, wins, so the result does
/// not depend on how many run at once.
///
/// A candidate keeps the failure when the step that failed in the original fails with the
/// same message and every other failure is one the original had. A step that is refused or
/// fails anew once others are gone lost what it needed: it is dropped and the candidate run
/// again (`repairRounds` times at most). What a step's arguments are is read from the step
/// table's catalogue (`ScenarioStepTable`), never from a list of verbs.
package final class ScenarioShrinker {
    let path: String
    let runner: any CandidateRunner
    let budget: Duration
    let limits: ScriptLimits
    private let started = ContinuousClock.now
    private let folder: URL
    private let baseName: String
    private var fileCounter = 0
    private var cache: [ScenarioDraft: Outcome] = [:]
    private(set) var candidatesRun = 0
    private(set) var stoppedAtBudget = false
    private var target = FailureSignature(origin: 0, message: "")
    /// Failures the whole scenario, written back, has: a candidate may keep them.
    private var allowed: Set<FailureSignature> = []
    private var simplifier = StepSimplifier(rules: GroupingRules())

    /// How many times a candidate is run again without the steps it left without their
    /// prerequisites.
    static let repairRounds = 10

    package init(path: String, runner: any CandidateRunner, budget: Duration, limits: ScriptLimits = .default) {
        self.path = path
        self.runner = runner
        self.budget = budget
        self.limits = limits
        let url = URL(fileURLWithPath: path)
        folder = url.deletingLastPathComponent()
        baseName = url.deletingPathExtension().lastPathComponent
    }

    /// Where the result goes: `NAME.min.lua` beside `NAME.lua`.
    package var minimalPath: String {
        (path.hasSuffix(".lua") ? String(path.dropLast(4)) : path) + ".min.lua"
    }

    private enum Outcome {
        case holds
        /// Run it again without the steps at these positions.
        case repair(Set<Int>)
        case fails
    }

    /// Shrinks the scenario and writes the result to `minimalPath`.
    package func shrink() throws(ShrinkError) -> ShrinkResult {
        let shown = path
        let script: ScenarioScript
        do { script = try ScenarioScript(path: path, limits: limits) } catch {
            throw ShrinkError("cannot shrink \(shown): it does not load: \(error)")
        }
        if let leaf = script.leaves.first {
            throw ShrinkError(
                "cannot shrink \(shown): it has branches (\"\(leaf.name)\", …), which shrink cannot write back; copy the failing leaf's steps into a scenario of its own and shrink that"
            )
        }
        if let step = script.steps.first(where: { $0.written.hasFunction }) {
            throw ShrinkError(
                "cannot shrink \(shown): line \(step.location.line) passes a function to \(step.written.verb), which shrink cannot write back; use text or { pattern = } there"
            )
        }
        simplifier = StepSimplifier(rules: script.settings.grouping?.applied(to: GroupingRules()) ?? GroupingRules())
        let original = ScenarioDraft(
            declaration: script.declaration,
            steps: script.steps.enumerated().map { ScenarioDraft.Step(written: $1.written, origin: $0) })
        let originalFailure = try failureOfOriginal(script)

        // Written back one step per line, it must fail the same way before anything is cut.
        let whole = run([original])[0]
        guard case .failed(let failures) = whole.verdict,
            let found = whole.signatures(failures).first(where: {
                $0.message == originalFailure.message && script.steps[$0.origin].location.line == originalFailure.line
            })
        else {
            throw ShrinkError(
                "cannot shrink \(shown): written back one step per line it does not fail the same way (\(whole.verdict.summary)); shrink needs steps called with plain values"
            )
        }
        target = found
        allowed = Set(whole.signatures(failures))

        // A simpler argument can free a step (a quote of an older message), so the phases
        // repeat until none changes anything.
        var draft = original
        while !stoppedAtBudget {
            let before = draft
            draft = removeSteps(removeSteps(draft, byExchange: true), byExchange: false)
            draft = simplifyArguments(draft)
            draft = simplifyDeclaration(draft)
            if draft == before { break }
        }
        return try finish(draft, original: script, from: original)
    }

    /// The first failed expectation of the original, at one of its steps.
    private func failureOfOriginal(_ script: ScenarioScript) throws(ShrinkError) -> ExpectationFailure {
        let verdict = runner.verdicts(of: [path])[0]
        candidatesRun += 1
        let name = URL(fileURLWithPath: path).lastPathComponent
        let stepLines = Set(script.steps.map(\.location.line))
        switch verdict {
        case .passed:
            throw ShrinkError("cannot shrink \(path): it passes (shrink needs a scenario that fails)")
        case .error(let message):
            throw ShrinkError("cannot shrink \(path): it could not run: \(SuiteText.oneLine(message))")
        case .crashed, .timedOut:
            throw ShrinkError(
                "cannot shrink \(path): \(verdict.summary); shrink works on failed expectations")
        case .failed(let failures):
            guard let first = failures.first(where: { $0.file == name && stepLines.contains($0.line) }) else {
                throw ShrinkError(
                    "cannot shrink \(path): no step's expectation failed (\(SuiteText.oneLine(failures[0].description))); shrink works on failed expectations"
                )
            }
            return first
        }
    }

    // MARK: Steps

    /// Delta debugging (ddmin) over the steps other than the failing one, first by whole
    /// exchanges (an action with the expectations after it, which removed together leave
    /// the others' replies where they were), then step by step: keep only one chunk, else
    /// drop one chunk, else cut finer, until every single unit is needed.
    private func removeSteps(_ start: ScenarioDraft, byExchange: Bool) -> ScenarioDraft {
        var draft = start
        var granularity = 2
        while !stoppedAtBudget {
            let units = removableUnits(of: draft, byExchange: byExchange)
            guard !units.isEmpty else { break }
            granularity = min(granularity, units.count)
            let chunks = Self.split(Array(units.indices), into: granularity).map { $0.flatMap { units[$0] } }
            let removable = Set(units.joined())
            var candidates = chunks.map { chunk in (draft.removing(removable.subtracting(chunk)), 2) }
            if granularity > 2 {
                candidates += chunks.map { (draft.removing(Set($0)), max(granularity - 1, 2)) }
            }
            if let (index, smaller) = firstHolding(candidates.map(\.0)) {
                draft = smaller
                granularity = candidates[index].1
                continue
            }
            if granularity >= units.count { break }
            granularity = min(granularity * 2, units.count)
        }
        return draft
    }

    /// The positions that may go, as units: single steps, or whole exchanges.
    private func removableUnits(of draft: ScenarioDraft, byExchange: Bool) -> [[Int]] {
        let positions = draft.steps.indices.filter { draft.steps[$0].origin != target.origin }
        guard byExchange else { return positions.map { [$0] } }
        var units: [[Int]] = []
        for position in positions {
            if units.isEmpty || !ScenarioStepTable.isExpectation(draft.steps[position].written.verb) {
                units.append([position])
            } else {
                units[units.count - 1].append(position)
            }
        }
        return units
    }

    /// The exchange the step at `position` belongs to (the action before it and the
    /// expectations after that action), without the failing step: what goes when the step
    /// fails anew, so that the replies the other exchanges expect stay in their order.
    private func exchange(around position: Int, in draft: ScenarioDraft) -> Set<Int> {
        let isExpectation = { (index: Int) in ScenarioStepTable.isExpectation(draft.steps[index].written.verb) }
        var first = position
        while first > 0 && isExpectation(first) { first -= 1 }
        var end = position + 1
        while end < draft.steps.count && isExpectation(end) { end += 1 }
        let members = Set(first..<end)
        let targetPosition = draft.steps.firstIndex { $0.origin == target.origin }
        if let targetPosition, members.contains(targetPosition) { return [position] }
        return members
    }

    /// `items` in `count` consecutive chunks of nearly equal size.
    static func split(_ items: [Int], into count: Int) -> [[Int]] {
        (0..<count).map { part in
            Array(items[(items.count * part / count)..<(items.count * (part + 1) / count)])
        }
    }

    // MARK: Arguments and settings

    /// Each remaining step's arguments made simpler (fewer words, shorter waits, options
    /// left out), one change at a time, while the failure holds.
    private func simplifyArguments(_ start: ScenarioDraft) -> ScenarioDraft {
        var draft = start
        var position = 0
        while position < draft.steps.count && !stoppedAtBudget {
            let step = draft.steps[position]
            let candidates = simplifier.alternatives(to: step.written).map { written in
                var copy = draft
                copy.steps[position].written = written
                return copy
            }
            if let (_, simpler) = firstHolding(candidates) {
                draft = simpler
                position = draft.steps.firstIndex { $0.origin == step.origin } ?? position
            } else {
                position += 1
            }
        }
        return draft
    }

    /// The declaration's settings (other than the bot) and memory entries left out, one at
    /// a time, while the failure holds.
    private func simplifyDeclaration(_ start: ScenarioDraft) -> ScenarioDraft {
        var draft = start
        while !stoppedAtBudget {
            var candidates: [ScenarioDraft] = []
            for key in draft.declaration.fields.keys.sorted() where key != "bot" {
                var copy = draft
                copy.declaration.fields[key] = nil
                candidates.append(copy)
                if case .table(var memory) = draft.declaration.fields[key], key == "memory", memory.fields.count > 1 {
                    for entry in memory.fields.keys.sorted() {
                        let kept = memory.fields.removeValue(forKey: entry)
                        var smaller = draft
                        smaller.declaration.fields[key] = .table(memory)
                        candidates.append(smaller)
                        memory.fields[entry] = kept
                    }
                }
            }
            guard let (_, simpler) = firstHolding(candidates) else { break }
            draft = simpler
        }
        return draft
    }

    // MARK: Running candidates

    /// The first of `drafts` (in order) that keeps the failure, after repairs, with its
    /// position; nil when none does or the budget ran out.
    private func firstHolding(_ drafts: [ScenarioDraft]) -> (Int, ScenarioDraft)? {
        var start = 0
        while start < drafts.count {
            if ContinuousClock.now - started > budget {
                stoppedAtBudget = true
                return nil
            }
            let end = min(start + max(runner.parallelism, 1), drafts.count)
            let results = repairedRun(Array(drafts[start..<end]))
            if let first = results.firstIndex(where: { $0 != nil }), let draft = results[first] {
                return (start + first, draft)
            }
            start = end
        }
        return nil
    }

    /// Runs `drafts`, then again those that left steps without what they needed, without
    /// those steps: each the draft that keeps the failure, or nil.
    private func repairedRun(_ drafts: [ScenarioDraft]) -> [ScenarioDraft?] {
        var current = drafts
        var results = [ScenarioDraft?](repeating: nil, count: drafts.count)
        var pending = Array(drafts.indices)
        for _ in 0...Self.repairRounds where !pending.isEmpty {
            let outcomes = outcomes(of: pending.map { current[$0] })
            var next: [Int] = []
            for (offset, index) in pending.enumerated() {
                switch outcomes[offset] {
                case .holds: results[index] = current[index]
                case .repair(let positions):
                    current[index] = current[index].removing(positions)
                    next.append(index)
                case .fails: break
                }
            }
            pending = next
        }
        return results
    }

    /// Runs the drafts not run before and says whether each keeps the failure.
    private func outcomes(of drafts: [ScenarioDraft]) -> [Outcome] {
        let fresh = Array(Set(drafts.filter { cache[$0] == nil }))
        if !fresh.isEmpty {
            let ordered = drafts.filter { fresh.contains($0) }.reduce(into: [ScenarioDraft]()) { list, draft in
                if !list.contains(draft) { list.append(draft) }
            }
            for (draft, run) in zip(ordered, run(ordered)) { cache[draft] = outcome(of: run, draft) }
        }
        return drafts.map { cache[$0] ?? .fails }
    }

    private func outcome(of run: CandidateRun, _ draft: ScenarioDraft) -> Outcome {
        switch run.verdict {
        case .failed(let failures):
            let signatures = run.signatures(failures)
            // A failure at no step line (a candidate has no transcript) is not the original's.
            guard signatures.count == failures.count else { return .fails }
            let fresh = Set(
                signatures.filter { !allowed.contains($0) && $0.origin != target.origin }.compactMap { signature in
                    draft.steps.firstIndex { $0.origin == signature.origin }
                }.flatMap { exchange(around: $0, in: draft) })
            if !fresh.isEmpty { return .repair(fresh) }
            return signatures.contains(target) && signatures.allSatisfy(allowed.contains) ? .holds : .fails
        case .error(let message):
            // A refused step ("edit: there is no message of yours to edit"): drop it.
            guard let position = run.position(ofErrorIn: message), draft.steps[position].origin != target.origin
            else { return .fails }
            return .repair(exchange(around: position, in: draft))
        case .passed, .crashed, .timedOut:
            return .fails
        }
    }

    /// What running a draft as a file gave, with how to map its lines back to steps.
    private struct CandidateRun {
        var verdict: ScenarioVerdict
        var fileName: String
        var firstStepLine: Int
        var origins: [Int]

        /// The failures at the draft's step lines, as signatures.
        func signatures(_ failures: [ExpectationFailure]) -> [FailureSignature] {
            failures.compactMap { failure in
                guard failure.file == fileName, let position = position(ofLine: failure.line) else { return nil }
                return FailureSignature(origin: origins[position], message: failure.message)
            }
        }

        func position(ofLine line: Int) -> Int? {
            let position = line - firstStepLine
            return origins.indices.contains(position) ? position : nil
        }

        /// The step an error such as `NAME.lua:12: edit: …` names.
        func position(ofErrorIn message: String) -> Int? {
            let prefix = fileName + ":"
            guard message.hasPrefix(prefix) else { return nil }
            let digits = message.dropFirst(prefix.count).prefix { $0.isNumber }
            return Int(digits).flatMap(position(ofLine:))
        }
    }

    /// Writes each draft beside the original as a hidden file, runs them, removes them.
    private func run(_ drafts: [ScenarioDraft]) -> [CandidateRun] {
        var paths: [String] = []
        var runs: [CandidateRun] = []
        for draft in drafts {
            fileCounter += 1
            let name = ".\(baseName).shrink-\(getpid())-\(fileCounter).lua"
            let file = folder.appendingPathComponent(name).path
            let (text, firstLine) = draft.source()
            if (try? Data(text.utf8).write(to: URL(fileURLWithPath: file))) != nil { paths.append(file) }
            runs.append(
                CandidateRun(
                    verdict: .error("not written"), fileName: name, firstStepLine: firstLine,
                    origins: draft.steps.map(\.origin)))
        }
        defer { for file in paths { unlink(file) } }
        let written = Set(paths.map { URL(fileURLWithPath: $0).lastPathComponent })
        var verdicts = runner.verdicts(of: paths).makeIterator()
        candidatesRun += paths.count
        for index in runs.indices where written.contains(runs[index].fileName) {
            runs[index].verdict = verdicts.next() ?? .error("not run")
        }
        return runs
    }

    // MARK: Result

    /// Writes the smallest draft as `NAME.min.lua`, checks that it fails the same way, and
    /// says what changed.
    private func finish(
        _ draft: ScenarioDraft, original script: ScenarioScript, from original: ScenarioDraft
    ) throws(ShrinkError) -> ShrinkResult {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let originalLine = script.steps[target.origin].location.line
        let comments = [
            "Shrunk by banter shrink from \(name) (\(original.steps.count) steps to \(draft.steps.count)).",
            "Its step at line \(originalLine) of \(name) fails the same way here:",
            target.message,
        ]
        let (text, firstLine) = draft.source(comments: comments)
        do { try FileDestination(minimalPath).write(Data(text.utf8)) } catch {
            throw ShrinkError("cannot write \(minimalPath): \(error.localizedDescription)")
        }
        let kept = Set(draft.steps.map(\.origin))
        let changed = draft.steps.compactMap { step -> ShrinkResult.Change? in
            let before = original.steps[step.origin].written
            guard before != step.written else { return nil }
            return ShrinkResult.Change(
                line: script.steps[step.origin].location.line, before: ScenarioWriter.call(before),
                after: ScenarioWriter.call(step.written))
        }
        let removed = original.steps.filter { !kept.contains($0.origin) }.map { step in
            ShrinkResult.Removed(line: script.steps[step.origin].location.line, step: ScenarioWriter.call(step.written))
        }
        let settings = original.declaration.fields.keys.sorted().filter { draft.declaration.fields[$0] == nil }
        let position = draft.steps.firstIndex { $0.origin == target.origin } ?? 0
        return ShrinkResult(
            originalPath: path, minimalPath: minimalPath, originalStepCount: original.steps.count,
            minimalStepCount: draft.steps.count, failureLine: firstLine + position, originalFailureLine: originalLine,
            failureMessage: target.message, removed: removed, changed: changed, settingsDropped: settings,
            candidatesRun: candidatesRun, stoppedAtBudget: stoppedAtBudget,
            seconds: (ContinuousClock.now - started).seconds)
    }
}

/// Why a scenario cannot be shrunk, as the one line `banter shrink` prints.
package struct ShrinkError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
