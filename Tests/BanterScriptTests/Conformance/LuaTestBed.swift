import BanterCore
import BanterTestSupport
import CLua
import Foundation

@testable import BanterLua
@testable import BanterScript

/// One sandbox for running a corpus file as its author runs it: a bot folder of its own
/// (so `require` finds the file's modules), large budgets (the suite's files are long runs,
/// still under budget), printed lines kept, and a counting `assert` that lets a file carry
/// on past a failed assertion made at its top level (one that nothing in the file could
/// catch), so one difference does not hide the rest of the file.
final class LuaTestBed {
    /// A failed assertion the file carried on after.
    struct Failure: Hashable {
        /// "file.lua:123", or "file.lua:16 from file.lua:85" for an assertion in a function
        /// that the file's top level called at line 85.
        var location: String
        var message: String
    }

    /// How one file ran.
    struct Outcome {
        var assertions = 0
        var failures: [Failure] = []
        /// The error that ended the file early, if any.
        var stop: ScriptError?
        var printed: [String] = []
    }

    /// Budgets for conformance runs: generous, but a runaway file still stops.
    static let limits = ScriptLimits(
        instructionsPerRun: 20_000_000_000, timePerRun: .seconds(120), patternStepsPerRun: 10_000_000_000,
        memoryBytes: 1 << 30
    )

    private final class Record {
        var printed: [String] = []
        var failures: [Failure] = []
    }

    let folder: TemporaryFolder
    let state: LuaState
    private let record = Record()
    private let counter: LuaRef

    /// A fresh sandbox whose module folder is a new temporary folder (`folder`).
    init() throws {
        folder = try TemporaryFolder(prefix: "banter-lua-compat")
        let record = self.record
        state = try LuaState(
            limits: LuaTestBed.limits, moduleDirectory: folder.path, randomSeed: 0,
            now: { Timestamp(millisecondsSince1970: 1_795_201_200_000) }, print: { record.printed.append($0) }
        )
        let failed = state.makeFunction { [unowned state] arguments in
            guard let thread = state.callingThread, let topLine = LuaTestBed.unprotectedTopLine(thread) else {
                return .values([.boolean(false)])
            }
            var place = "?"
            if let (file, line) = state.innermostScriptLocation(in: thread) {
                place = "\(file):\(line)" + (line == topLine ? "" : " from \(file):\(topLine)")
            }
            let message = arguments.first.map(LuaState.printable) ?? "assertion failed!"
            record.failures.append(Failure(location: place, message: message))
            return .values([.boolean(true)])
        }
        let chunk = try state.loadTrusted(source: LuaTestBed.countingAssert, name: "counting assert")
        let exports = try state.evaluate(chunk, passing: [failed])
        state.release(chunk)
        state.release(failed)
        guard let assert = state.field(exports, "assert"), let count = state.field(exports, "count") else {
            throw ScriptError(reason: "the counting assert did not load")
        }
        state.define("assert", assert)
        state.release(assert)
        state.release(exports)
        counter = count
    }

    /// Runs Lua source (globals a driver sets, such as `_port`) before the file.
    func prepare(_ source: String) throws {
        try state.run(source: source, chunkName: "driver")
    }

    /// Runs `name` (a file in `folder`) to its end or its first uncaught error.
    func run(_ name: String) -> Outcome {
        let before = (record.failures.count, record.printed.count, assertions)
        var outcome = Outcome()
        do {
            try state.run(file: folder.file(name), chunkName: name)
        } catch {
            outcome.stop = error
        }
        outcome.assertions = assertions - before.2
        outcome.failures = Array(record.failures[before.0...])
        outcome.printed = Array(record.printed[before.1...])
        return outcome
    }

    /// Calls `function` (a global the file defined) and returns its results.
    func call(_ global: String, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
        let function = try state.load(source: "return \(global)(...)", chunkName: "driver")
        defer { state.release(function) }
        return try state.call(function, with: arguments)
    }

    /// Every line printed in this sandbox so far.
    var printed: [String] { record.printed }

    /// Assertions run in this sandbox so far.
    var assertions: Int {
        guard let values = try? state.call(counter), case .integer(let count)? = values.first else { return 0 }
        return Int(count)
    }

    /// The line of the file's top level that led to the assertion, when every frame from
    /// the assertion's caller down to the bottom of `thread` is Lua code under the file's
    /// main chunk: then no pcall, coroutine or C function could be expecting the
    /// assertion's error, and the file may carry on. Nil otherwise.
    static func unprotectedTopLine(_ thread: OpaquePointer) -> Int? {
        var record = lua_Debug()
        var level: Int32 = 2 // 0: the host function, 1: the counting assert
        var bottom = "", line: Int32 = 0
        while lua_getstack(thread, level, &record) != 0 {
            lua_getinfo(thread, "Sl", &record)
            bottom = String(cString: record.what)
            if bottom == "C" { return nil }
            line = record.currentline
            level += 1
        }
        return bottom == "main" ? Int(line) : nil
    }

    /// `assert` that counts its calls and asks the host whether a failure may be passed over;
    /// otherwise it is Lua's own assert (a tail call, so the error names the caller's line).
    static let countingAssert = """
        local failed = ...
        local real_assert = assert
        local count = 0
        local function counting_assert(...)
          count = count + 1
          local v, message = ...
          if v or failed(message) then return ... end
          return real_assert(...) -- the same arguments: assert(false) and assert(false, nil) differ
        end
        return { assert = counting_assert, count = function() return count end }
        """
}
