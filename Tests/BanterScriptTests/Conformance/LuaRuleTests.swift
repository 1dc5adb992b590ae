import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScript

/// The sandbox's rules against stock `lua5.4`, one Lua test module per rule: each folder of
/// Support/rules is a script's folder (its `main.lua` and the files it requires or
/// loads), run in the sandbox and under `lua5.4` from that folder, and the two must print
/// the same lines. What the sandbox refuses by design (files, processes) is compared by
/// the shape of Lua's answer, and pinned beside it by sandbox-only tests.
struct LuaRuleTests {
    static let rules = [
        "math_compat", "require_templates", "loadfile_dofile", "writable_libraries", "debug_upvalues",
        "error_messages", "io_sandbox", "global_metatable", "package_searchpath", "xpcall_handler",
    ]

    /// A sandbox whose folder holds a copy of the rule's folder.
    static func bed(for rule: String) throws -> LuaTestBed {
        let bed = try LuaTestBed()
        try LuaCorpus.copyLuaFiles(of: LuaCorpus.support.appendingPathComponent("rules/\(rule)"), to: bed.folder.path)
        return bed
    }

    @Test(arguments: rules) func printsWhatLua54Prints(_ rule: String) throws {
        let bed = try Self.bed(for: rule)
        let outcome = bed.run("main.lua")
        #expect(outcome.stop == nil, "\(outcome.stop.map(String.init(describing:)) ?? "")")
        let stock = try StockLua.run("main.lua", in: bed.folder.path)
        #expect(!stock.isEmpty)
        // a printed value may hold newlines (Lua's multi-line messages): compare lines
        let printed: [String] = outcome.printed.flatMap { line in
            line.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        let expected: [String] = stock.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
            String.init)
        #expect(printed == expected)
    }

    @Test func ioAndOsAnswerWithoutFilesOrProcesses() throws {
        let bed = try LuaTestBed()
        try "secret".write(toFile: bed.folder.file("data.txt"), atomically: true, encoding: .utf8)
        try bed.prepare(
            """
            local f, message, code = io.open("data.txt")
            print(f, message, code)
            print(pcall(io.lines, "data.txt"))
            print(pcall(io.input, "data.txt"))
            print(pcall(io.output, "out.txt"))
            print(pcall(io.popen, "ls"))
            print(io.tmpfile())
            print(os.getenv("HOME"), os.execute(), os.execute("ls"))
            print(os.remove("data.txt"))
            print(os.rename("data.txt", "other.txt"))
            print(pcall(os.tmpname))
            print(pcall(os.exit))
            io.stderr:write("to the log\\n")
            """)
        #expect(
            bed.printed == [
                "nil\tdata.txt: no files in the bot sandbox\t1",
                "false\tcannot open file 'data.txt' (no files in the bot sandbox)",
                "false\tcannot open file 'data.txt' (no files in the bot sandbox)",
                "false\tcannot open file 'out.txt' (no files in the bot sandbox)",
                "false\t'popen' not supported",
                "nil\tno files in the bot sandbox\t1",
                "nil\tfalse\tnil\tno processes in the bot sandbox\t1",
                "nil\tdata.txt: no files in the bot sandbox\t1",
                "nil\tdata.txt: no files in the bot sandbox\t1",
                "false\tunable to generate a unique filename",
                "false\tdriver:12: os.exit: a bot cannot end the process",
                "to the log",
            ])
        #expect(try String(contentsOfFile: bed.folder.file("data.txt"), encoding: .utf8) == "secret")
        #expect(!FileManager.default.fileExists(atPath: bed.folder.file("other.txt")))
    }

    @Test func loadfileStaysInTheFolder() throws {
        let bed = try LuaTestBed()
        try bed.prepare(
            """
            print(loadfile("../outside.lua"))
            print(loadfile("/etc/passwd"))
            print(pcall(dofile, "sub/../../x.lua"))
            """)
        let outside = "outside the bot's folder (a bot reads files in its own folder only)"
        #expect(
            bed.printed == [
                "nil\tcannot open ../outside.lua: \(outside)",
                "nil\tcannot open /etc/passwd: \(outside)",
                "false\tcannot open sub/../../x.lua: \(outside)",
            ])
    }

    @Test func debugUpvaluesReachOnlyTheScriptsOwnFunctions() throws {
        let bed = try LuaTestBed()
        try bed.prepare(
            """
            print(pcall(debug.getupvalue, print, 1))
            print(pcall(debug.setupvalue, string.format, 1, 0))
            print(pcall(debug.upvaluejoin, function() return print end, 1, require, 1))
            """)
        let refusal = "(a function of the script expected; the sandbox does not reach into C functions or Banter's own)"
        #expect(
            bed.printed == [
                "false\tbad argument #1 to 'getupvalue' \(refusal)",
                "false\tbad argument #1 to 'setupvalue' \(refusal)",
                "false\tbad argument #3 to 'upvaluejoin' \(refusal)",
            ])
    }

    @Test func searchpathReadsOnlyInsideTheFolder() throws {
        let bed = try LuaTestBed()
        let outside = bed.folder.url.deletingLastPathComponent().appendingPathComponent("banter-outside-\(UUID()).lua")
        try "return 1".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        let name = outside.deletingPathExtension().lastPathComponent
        try "return 1".write(toFile: bed.folder.file("native.so"), atomically: true, encoding: .utf8)
        try bed.prepare(
            """
            print(package.searchpath("passwd", "/etc/?"))
            print(package.searchpath("\(name)", "../?.lua;\(outside.deletingLastPathComponent().path)/?.lua"))
            package.cpath = "./?.so"
            print(pcall(require, "native"))
            print(pcall(require, "native.part"))
            """)
        let noC = "dynamic libraries not enabled (a bot cannot load C modules)"
        #expect(
            bed.printed == [
                "nil\tno file '/etc/passwd'",
                "nil\tno file '../\(name).lua'\n\tno file '\(outside.path)'",
                "false\terror loading module 'native' from file './native.so':\n\t\(noC)",
                "false\terror loading module 'native.part' from file './native.so':\n\t\(noC)",
            ])
    }

    @Test func searchingManyFilesKeepsTheWatchListBounded() throws {
        let bed = try LuaTestBed()
        try bed.prepare("for i = 1, 5000 do package.searchpath('m' .. i, './?.lua;./?/init.lua') end")
        #expect(bed.state.requiredFiles.count == LuaState.maxWatchedFiles)
        #expect(bed.state.requiredFiles.first == bed.folder.file("m1.lua"))
    }

    @Test func xpcallSkipsItsHandlerForAStopOfTheBudget() throws {
        let limits = ScriptLimits(
            instructionsPerRun: 100_000, timePerRun: .seconds(20), patternStepsPerRun: 200_000, memoryBytes: 8 << 20)
        let stop = "stopped: more than 100000 instructions in one run (an endless loop?)"
        let cases = [
            // the handler would run where the hook raised the stop, with hooks off
            ("print(xpcall(function() while true do end end, function(m) print('handler ran') return m end))", 1),
            // a handler that loops is stopped like any loop
            ("print(xpcall(error, function() while true do end end))", 1),
        ]
        for (source, line) in cases {
            var printed: [String] = []
            let state = try LuaState(
                limits: limits, now: { Timestamp(millisecondsSince1970: 0) }, print: { printed.append($0) })
            #expect(throws: ScriptError(luaMessage: "main.lua:\(line): \(stop)")) {
                try state.run(source: source, chunkName: "main.lua")
            }
            #expect(printed.isEmpty)
        }
    }

    @Test func misspeltGlobalsAreStillNotedUnderTheScriptsOwnMetatable() throws {
        let state = try LuaState(now: { Timestamp(millisecondsSince1970: 0) })
        var notes: [String] = []
        state.undefinedGlobalRead = { name, location in
            notes.append("\(location.map { "\($0.file):\($0.line)" } ?? "?"): \(name)")
        }
        try state.run(
            source: """
                setmetatable(_G, { __newindex = function(t, k, v) rawset(t, k, v) end })
                local a = rply
                setmetatable(_G, { __index = { known = 1 } })
                local b, c = known, unknwn
                setmetatable(_G, { __index = function(_, k) return k end })
                local d = anything
                setmetatable(_G, nil)
                local e = mispelt
                """, chunkName: "main.lua")
        // a script's own __index function answers for missing globals itself: no note
        #expect(notes == ["main.lua:2: rply", "main.lua:4: unknwn", "main.lua:8: mispelt"])
    }
}
