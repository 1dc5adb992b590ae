import BanterCore
import BanterLua
import Foundation
import LuaSandbox

/// `banter check`: finds what it can in a bot, scenario or module without running any
/// handler. It compiles the file (syntax), reads the globals its bytecode uses (undefined
/// ones, unknown library fields), checks the literal arguments of API calls against the
/// catalogue (unknown options, bad patterns, durations, header patterns, values outside a
/// list), then loads the script as the runtime does (errors raised while it loads; for a
/// scenario, whether its bot loads). It reports every problem it finds, not the first.
package final class ScriptChecker {
    /// What a file is, judged by what it declares.
    package enum Kind: Sendable {
        case bot
        case scenario
        /// Neither: a module a bot or scenario `require`s (checked without loading).
        case module
    }

    /// What checking one file found.
    package struct Report: Sendable {
        package var kind: Kind
        /// Sorted by file and line.
        package var problems: [ScriptProblem]
        /// A scenario's bot (absolute), to be checked as well.
        package var bot: String?
    }

    private let limits: ScriptLimits
    private let scenarios: ScenarioChecks
    private let sandbox: [String: [String]]
    private let state: LuaState
    private let patternCheck: LuaRef

    /// Makes the one Lua state every check compiles in, so checking many files pays for it
    /// once; throws only when that state cannot be created. `scenarios` is how scenarios are
    /// told, described and loaded (`ScenarioChecks.scenarios`, from BanterScenario).
    package init(limits: ScriptLimits = .default, scenarios: ScenarioChecks) throws(ScriptError) {
        self.limits = limits
        self.scenarios = scenarios
        state = try LuaState(limits: limits, now: { Timestamp(millisecondsSince1970: 0) })
        sandbox = state.builtinGlobals()
        patternCheck = state.makeCFunction(banter_pattern_check)
    }

    deinit {
        state.release(patternCheck)
    }

    /// Checks the file at `path` (which must exist). Problems in the file carry `path` as
    /// given; problems in modules it loads carry their path beside it.
    package func check(_ path: String) -> Report {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let bytes: [UInt8]
        let dump: ChunkDump
        do {
            bytes = try LuaState.read(path, as: name, limit: limits.maxChunkBytes)
            let compiled = try state.compiledDump(ofSource: bytes, chunkName: name)
            guard let read = try? ChunkDump(compiled) else {
                return Report(
                    kind: .module,
                    problems: [ScriptProblem(file: path, line: 1, message: "could not read the compiled chunk")])
            }
            dump = read
        } catch {
            return Report(kind: .module, problems: [problem(error, in: path)])
        }
        let source = String(decoding: bytes, as: UTF8.self)
        let tokens = LuaLexer.tokens(source)
        let kind: Kind =
            scenarios.declares(source)
            ? .scenario
            : LiteralCalls.find(in: tokens, globals: ["bot"], methods: []).isEmpty ? .module : .bot
        let api = kind == .scenario ? scenarios.catalogue : BotAPI.catalogue
        let chat = api.class("BanterChat")

        var problems: [ScriptProblem] = []
        let calls = LiteralCalls.find(
            in: tokens, globals: Set(api.globals.map(\.name)), methods: Set(chat?.methods.map(\.name) ?? []))
        for call in calls {
            let function = call.isMethod ? chat?.methods.first { $0.name == call.name } : api.global(call.name)
            guard let function else { continue }
            let label = call.isMethod ? "chat:\(call.name)" : call.name
            for (position, value) in call.arguments.enumerated() where position < function.parameters.count {
                let parameter = function.parameters[position]
                check(
                    value, type: parameter.type, name: parameter.name, optionsClass: parameter.optionsClass,
                    label: label, line: call.line, api: api, into: &problems, file: path)
            }
        }

        var loaded = Loaded()
        let declaration = calls.first { $0.name == "scenario" }
        switch kind {
        case .bot: loaded = loadBot(path)
        case .scenario: loaded = loadScenario(path)
        case .module: break
        }
        // What the script names literally counts too when loading stopped before it.
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        if loaded.bot == nil, case .table(let options)? = declaration?.arguments.first,
            case .string(let bot)? = options.fields.first(where: { $0.key == "bot" })?.value
        {
            loaded.bot = BotAddress.resolved(bot, relativeTo: folder)
        }
        if let bot = loaded.bot, let problem = botProblem(bot) {
            loaded.errors.insert((problem, declaration?.line ?? 1), at: 0)
        }
        for call in LiteralCalls.find(in: tokens, globals: ["require"], methods: []) {
            guard case .string(let module)? = call.arguments.first else { continue }
            let file = module.replacingOccurrences(of: ".", with: "/") + ".lua"
            loaded.modules.append(folder.appendingPathComponent(file).standardizedFileURL.path)
        }
        let reported = Set(problems.map(\.line))
        for (error, line) in loaded.errors {
            var found = problem(error, in: path)
            if let line { // about another file (the scenario's bot): never a duplicate
                found.line = line
                problems.append(found)
            } else if found.file != path || !reported.contains(found.line) {
                problems.append(found)
            }
        }

        var defined = Set(sandbox.keys).union(api.globals.map(\.name))
        let accesses = GlobalAccesses(dump)
        defined.formUnion(accesses.writes)
        for module in loaded.modules {
            guard let bytes = try? LuaState.read(module, as: module, limit: limits.maxChunkBytes),
                let compiled = try? state.compiledDump(ofSource: bytes, chunkName: module),
                let dump = try? ChunkDump(compiled)
            else { continue }
            defined.formUnion(GlobalAccesses(dump).writes)
        }
        var seen: Set<String> = []
        for read in accesses.reads {
            let message: String
            if !defined.contains(read.name) {
                message = "'\(read.name)' is not defined (it reads as nil; misspelt?)"
            } else if let field = read.field, let fields = sandbox[read.name], !fields.isEmpty, !fields.contains(field),
                !accesses.writes.contains(read.name)
            {
                message = "'\(read.name).\(field)' is not defined (the sandbox's '\(read.name)' has no '\(field)')"
            } else {
                continue
            }
            if seen.insert("\(read.line):\(message)").inserted {
                problems.append(ScriptProblem(file: path, line: read.line, message: message))
            }
        }
        problems.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        return Report(kind: kind, problems: problems, bot: loaded.bot)
    }

    // MARK: Loading as the runtime does

    /// What loading found: errors (with the line to report them at, when not their own),
    /// the modules it read, and a scenario's bot.
    private struct Loaded {
        var errors: [(ScriptError, line: Int?)] = []
        var modules: [String] = []
        var bot: String?
    }

    private func loadBot(_ path: String) -> Loaded {
        var loaded = Loaded()
        do {
            let bot = try BotRuntime(scriptPath: path, limits: limits, host: InertHost())
            loaded.modules = Array(bot.sourceFiles.dropFirst())
        } catch {
            loaded.errors.append((error, nil))
        }
        return loaded
    }

    private func loadScenario(_ path: String) -> Loaded {
        var loaded = Loaded()
        do {
            let script = try scenarios.load(path, limits)
            loaded.modules = script.modules
            loaded.bot = script.bot
        } catch {
            loaded.errors.append((error, nil))
        }
        return loaded
    }

    /// Why a scenario's bot does not load, if it does not.
    private func botProblem(_ bot: String) -> ScriptError? {
        // A bot behind a URL is checked by posting to it, which checking never does.
        guard !BotAddress.isURL(bot) else { return nil }
        guard FileManager.default.fileExists(atPath: bot) else {
            return ScriptError(reason: "scenario: the bot \(bot) does not exist")
        }
        // A program (or a bot file naming one) is checked by running it, which checking never does.
        guard bot.hasSuffix(".lua") else { return nil }
        do {
            _ = try BotRuntime(scriptPath: bot, limits: limits, host: InertHost())
            return nil
        } catch {
            return ScriptError(reason: "scenario: its bot does not load: \(error)")
        }
    }

    /// A script error as a problem: in `path`, or in the module it names (beside `path`).
    private func problem(_ error: ScriptError, in path: String) -> ScriptProblem {
        let name = URL(fileURLWithPath: path).lastPathComponent
        var file = path
        // a required module is named as Lua names the file it opened: "./helper.lua"
        if var errorFile = error.file, errorFile != name, !errorFile.hasPrefix("[") {
            if errorFile.hasPrefix("./") { errorFile.removeFirst(2) }
            let folder = (path as NSString).deletingLastPathComponent
            file = folder.isEmpty ? errorFile : folder + "/" + errorFile
        }
        return ScriptProblem(file: file, line: error.line ?? 1, message: error.reason)
    }

    // MARK: Literal arguments against the catalogue

    private func check(
        _ value: LiteralCalls.Value, type: String, name: String, optionsClass: String?, label: String, line: Int,
        api: LuaAPI, into problems: inout [ScriptProblem], file: String
    ) {
        func report(_ message: String) { problems.append(ScriptProblem(file: file, line: line, message: message)) }
        switch value {
        case .table(let table):
            guard let className = optionsClass ?? (api.class(type) != nil ? type : nil),
                let apiClass = api.class(className)
            else { return }
            if type.hasSuffix("[]") {
                for (offset, item) in table.items.enumerated() {
                    guard case .table(let entry) = item.value else { continue }
                    checkTable(
                        entry, apiClass, label: "\(label): message \(offset + 1)", api: api, into: &problems, file: file
                    )
                }
            } else {
                checkTable(table, apiClass, label: label, api: api, into: &problems, file: file)
            }
        case .string(let text):
            let alternatives = type.split(separator: "|").map(String.init)
            if name == "pattern" {
                let function = label.hasSuffix(": pattern") ? String(label.dropLast(": pattern".count)) : label
                if let error = patternProblem(text) { report("\(function): bad pattern \"\(text)\": \(error)") }
            } else if name == "header" {
                do { try HeaderFormatter.validate(pattern: text) } catch { report("\(label): \(error)") }
            } else if alternatives.contains("Duration") {
                do { _ = try DurationParser.parse(text) } catch { report("\(label): \(error)") }
            } else if name == "at" {
                do { _ = try SeedTime.parse(text) } catch { report("\(label): \(error)") }
            } else if name == "time_zone", TimeZone(identifier: text) == nil {
                report("\(label): unknown time zone \"\(text)\" (use a name like \"Europe/Paris\" or \"UTC\")")
            } else if alternatives.allSatisfy({ $0.hasPrefix("\"") }), !alternatives.contains("\"\(text)\"") {
                report("\(label): expected one of \(alternatives.joined(separator: ", ")), got \"\(text)\"")
            }
        case .number, .boolean, .nil, .other:
            break
        }
    }

    private func checkTable(
        _ table: LiteralCalls.Table, _ apiClass: APIClass, label: String, api: LuaAPI,
        into problems: inout [ScriptProblem], file: String
    ) {
        for (key, line, value) in table.fields {
            guard let field = apiClass.fields.first(where: { $0.name == key }) else {
                problems.append(
                    ScriptProblem(
                        file: file, line: line,
                        message:
                            "\(label): unknown option '\(key)' (known: \(apiClass.fieldNames.joined(separator: ", ")))")
                )
                continue
            }
            check(
                value, type: field.type, name: field.name, optionsClass: nil, label: "\(label): \(field.name)",
                line: line, api: api, into: &problems, file: file)
        }
    }

    /// Why `pattern` is not a valid Lua pattern, or nil.
    private func patternProblem(_ pattern: String) -> String? {
        do {
            try state.call(patternCheck, with: [.string(pattern)])
            return nil
        } catch {
            return error.reason
        }
    }
}

/// A host for loading a bot without a conversation: nothing is stored or shown, and
/// loading never runs a handler.
private final class InertHost: BotHost {
    var now: Timestamp { Timestamp(millisecondsSince1970: 0) }
    func botReplied(_ reply: BotReply) throws -> Message { throw BotHostUnsupported(operation: "replies") }
    func botTyping(until: Timestamp?) {}
    func botMarked(_ status: DeliveryStatus) {}
    func loadMemory() throws -> [String: String] { [:] }
    func saveMemory(_ changes: [(key: String, json: String?)]) throws {}
    func botFailed(_ error: ScriptError) {}
}
