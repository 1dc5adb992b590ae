import BanterCore
import BanterLua
import BanterScript
import Foundation

/// Receives the scenario functions' calls while the script loads: the `scenario { … }`
/// declaration, the steps (read by their `ScenarioStepDefinition`), each stamped with the
/// file:line it was written at, and the `branch "NAME" { … }` around them.
final class ScenarioCollector {
    let scriptPath: String
    let fileName: String
    weak var state: LuaState?
    var settings: ScenarioSettings?
    /// The scenario, then each branch whose steps are being read now, outermost first, with
    /// the number `branch` handed out for it (the root's is 0).
    private var open: [(id: Int64, branch: ScenarioBranch)] = [(0, ScenarioBranch(name: ""))]
    private var branchesOpened: Int64 = 0
    /// The `scenario { … }` table as written.
    var declaration = LuaTable()
    /// Where `scenario { … }` was written.
    var declaredAt: SourceLocation?

    /// The scenario's folder: where a relative bot path is resolved. Worked out once: every
    /// step is handed it, and taking a URL apart cost more than reading most steps.
    let folder: URL

    init(scriptPath: String) {
        self.scriptPath = scriptPath
        let url = URL(fileURLWithPath: scriptPath)
        fileName = url.lastPathComponent
        folder = url.deletingLastPathComponent()
    }

    func declare(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard settings == nil else { throw LuaCallError("scenario: declared twice") }
        guard open.count == 1, root.steps.isEmpty, root.children.isEmpty else {
            throw LuaCallError("scenario: declare it before the first step")
        }
        let example = "scenario { bot = \"../bots/alisha.lua\", start = \"2026-11-20 19:00\" }"
        let options = try LuaArguments.table(arguments.first ?? .nil, "scenario", example: example)
        try LuaArguments.checkKeys(options, "scenario", known: ScenarioAPI.scenarioOptions.fieldNames)
        declaration = options
        declaredAt = callerLocation()

        let zoneName =
            try LuaArguments.optionalString(options["time_zone"], "scenario: time_zone")
            ?? ScenarioSettings.defaultTimeZone
        guard let zone = TimeZone(identifier: zoneName) else {
            throw LuaCallError(
                "scenario: unknown time_zone \"\(zoneName)\" (use a name like \"Europe/Paris\" or \"UTC\")")
        }
        let startText =
            try LuaArguments.optionalString(options["start"], "scenario: start")
            ?? ScenarioSettings.defaultStart
        guard let parsed = try? SeedTime.parse(startText), case .absolute = parsed else {
            throw LuaCallError(
                "scenario: start must be a local date and time like \"2026-11-20 19:00\", got \"\(startText)\"")
        }
        let start = parsed.resolve(now: Timestamp(millisecondsSince1970: 0), timeZone: zone)
        let botPath = try LuaArguments.optionalString(options["bot"], "scenario: bot").map { path in
            BotAddress.resolved(path, relativeTo: folder)
        }
        let grouping =
            options["grouping"].isNil ? nil : try LuaArguments.grouping(options["grouping"], "scenario: grouping")
        var seed: UInt64 = 0
        switch options["seed"] {
        case .nil: break
        case .integer(let value): seed = UInt64(bitPattern: value)
        case let other: throw LuaCallError("scenario: seed must be a whole number, got \(other.typeName)")
        }
        let title =
            try LuaArguments.optionalString(options["title"], "scenario: title")
            ?? URL(fileURLWithPath: scriptPath).deletingPathExtension().lastPathComponent
        guard !title.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw LuaCallError("scenario: title must not be empty")
        }
        var width: Int?
        switch options["width"] {
        case .nil: break
        case .integer(let columns) where ScenarioSettings.widths.contains(Int(columns)): width = Int(columns)
        case let other:
            throw LuaCallError(
                "scenario: width must be a whole number of columns from \(ScenarioSettings.widths.lowerBound) to \(ScenarioSettings.widths.upperBound), got \(LuaState.printable(other))"
            )
        }
        var memory: [String: String] = [:]
        switch options["memory"] {
        case .nil: break
        case .table(let table) where table.array.isEmpty:
            for (key, value) in table.fields {
                do { memory[key] = try MemoryCodec.encode(value, path: "memory.\(key)") } catch {
                    throw LuaCallError("scenario: \(error.message)")
                }
            }
        case let other:
            throw LuaCallError("scenario: memory must be a table with named fields, got \(LuaState.printable(other))")
        }
        settings = ScenarioSettings(
            botPath: botPath, start: start, timeZone: zone, grouping: grouping, randomSeed: seed, title: title,
            width: width)
        settings?.memory = memory
        if let turns = try LuaArguments.optionalString(options["turns"], "scenario: turns") {
            guard let policy = TurnPolicy(rawValue: turns) else {
                throw LuaCallError("scenario: turns must be one of \(TurnPolicy.accepted), got \"\(turns)\"")
            }
            settings?.turnPolicy = policy
        }
        switch options["turn_budget"] {
        case .nil: break
        case .integer(let budget) where (1...1000).contains(budget): settings?.turnBudget = Int(budget)
        case let other:
            throw LuaCallError(
                "scenario: turn_budget must be a whole number of bot messages from 1 to 1000, got \(LuaState.printable(other))"
            )
        }
        return .none
    }

    /// The host function behind `step`'s global: reads the step and adds it at the caller's line.
    func hostFunction(for step: any ScenarioStepDefinition.Type) -> HostFunction {
        { [unowned self] arguments throws(LuaCallError) in
            try add(
                step.parse(ScenarioStepCall(arguments: arguments, folder: folder)),
                WrittenStep(verb: step.name, arguments: arguments))
        }
    }

    /// The host function the support code calls when a `takesPredicate` step is given a
    /// function: its arguments are the predicate's key and the step's other arguments.
    func predicateFunction(for step: any ScenarioStepDefinition.Type) -> HostFunction {
        { [unowned self] arguments throws(LuaCallError) in
            let predicate = PredicateReference(key: arguments.first?.stringValue ?? "")
            let call = ScenarioStepCall(arguments: [.nil] + arguments.dropFirst(), folder: folder, predicate: predicate)
            return try add(step.parse(call), WrittenStep(verb: step.name, arguments: call.arguments, hasFunction: true))
        }
    }

    /// Adds a step at the caller's line; steps need the declaration first.
    private func add(_ action: any ScenarioStepDefinition, _ written: WrittenStep) throws(LuaCallError) -> LuaReturn {
        guard settings != nil else {
            throw LuaCallError(
                "\(written.verb): declare the scenario first, e.g. scenario { bot = \"../bots/alisha.lua\" }")
        }
        if let last = open[open.count - 1].branch.children.last {
            throw LuaCallError(
                "\(written.verb): a step after branch \"\(last.name)\"\(Self.line(last.location)) at the same level: steps after a branch belong inside one; write them in each branch, or before the first"
            )
        }
        open[open.count - 1].branch.steps.append(
            ScenarioStep(location: callerLocation(), action: action, written: written))
        return .none
    }

    /// The script line that called the running host function.
    private func callerLocation() -> SourceLocation {
        guard let state, let thread = state.callingThread,
            let location = state.innermostScriptLocation(in: thread)
        else {
            return SourceLocation(file: fileName, line: 0)
        }
        return SourceLocation(file: location.file, line: location.line)
    }
}

/// `branch "NAME" { … }`: the support code calls `openBranch` with the name, reads the
/// steps in the braces (each adds to the branch open now), then calls `closeBranch`.
extension ScenarioCollector {
    /// The scenario's steps and branches (whole once the script has run and `finish` passed).
    var root: ScenarioBranch { open[0].branch }

    /// The host function behind the support code's `branch:open` (`opens`) or `branch:close`.
    func branchFunction(opens: Bool) -> HostFunction {
        { [unowned self] arguments throws(LuaCallError) in
            opens ? try openBranch(arguments) : try closeBranch(arguments)
        }
    }

    /// Starts a branch inside the one open now; returns the number `closeBranch` is given.
    func openBranch(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        let example = "branch \"says no\" { me \"no thanks\"; expect_reply \"…\" }"
        guard settings != nil else {
            throw LuaCallError("branch: declare the scenario first, e.g. scenario { bot = \"../bots/alisha.lua\" }")
        }
        guard case .string(let name) = arguments.first ?? .nil else {
            throw LuaCallError(
                "branch: give the branch a name, e.g. \(example), got \(LuaState.printable(arguments.first ?? .nil))")
        }
        try Self.check(branchName: name)
        if let twin = open[open.count - 1].branch.children.first(where: { $0.name == name }) {
            throw LuaCallError(
                "branch \"\(name)\": a branch of that name is already at line \(twin.location?.line ?? 0); give each branch its own name (it names the test case)"
            )
        }
        branchesOpened += 1
        open.append((branchesOpened, ScenarioBranch(name: name, location: callerLocation())))
        return .values([.integer(branchesOpened)])
    }

    /// Ends the branch `openBranch` numbered: its steps have been read.
    func closeBranch(_ arguments: [LuaValue]) throws(LuaCallError) -> LuaReturn {
        guard case .integer(let id) = arguments.first ?? .nil, id > 0, open.contains(where: { $0.id == id }) else {
            throw LuaCallError("branch: its steps were already given; write branch \"NAME\" { … } once per branch")
        }
        let current = open[open.count - 1]
        guard current.id == id else { throw Self.neverGivenSteps(current.branch) }
        let name = current.branch.name
        guard case .table = arguments.count > 1 ? arguments[1] : .nil else {
            let given =
                switch arguments.count > 1 ? arguments[1] : .nil {
                case .nil: "nothing"
                case .string(let text): "the string \"\(Sanitizer.sanitize(text))\""
                case let other: LuaState.printable(other)
                }
            throw LuaCallError(
                "branch \"\(name)\": give its steps in braces, e.g. branch \"\(name)\" { me \"no thanks\" }, got \(given)"
            )
        }
        guard !current.branch.steps.isEmpty || !current.branch.children.isEmpty else {
            throw LuaCallError(
                "branch \"\(name)\" has no steps: write what happens in it between the braces, e.g. branch \"\(name)\" { me \"no thanks\" }"
            )
        }
        open.removeLast()
        open[open.count - 1].branch.children.append(current.branch)
        return .none
    }

    /// After the script ran: a branch still open never got its steps.
    func finish() throws(ScriptError) {
        guard open.count > 1 else { return }
        let branch = open[open.count - 1].branch
        throw ScriptError(
            file: branch.location?.file ?? fileName, line: branch.location?.line,
            reason: Self.neverGivenSteps(branch).message)
    }

    private static func neverGivenSteps(_ branch: ScenarioBranch) -> LuaCallError {
        LuaCallError(
            "branch \"\(branch.name)\"\(line(branch.location)) never got its steps: write them in braces right after its name, branch \"\(branch.name)\" { me \"…\" }"
        )
    }

    /// A branch name names a test case and its golden transcript file.
    private static func check(branchName name: String) throws(LuaCallError) {
        if name.trimmingCharacters(in: .whitespaces).isEmpty {
            throw LuaCallError("branch: the name is empty; give the branch a name, e.g. branch \"says no\" { … }")
        }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) || name.contains("/")
            || name.contains(ScenarioLeaf.separator.trimmingCharacters(in: .whitespaces))
        {
            throw LuaCallError(
                "branch \"\(Sanitizer.sanitize(name))\": a name may not hold control characters, \"/\" or \"›\" (it names the test case and its golden transcript file)"
            )
        }
    }

    /// " (line N)" for a branch written at `location`.
    private static func line(_ location: SourceLocation?) -> String {
        location.map { " (line \($0.line))" } ?? ""
    }
}
