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
        "error_messages", "io_sandbox",
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
        #expect(
            outcome.printed
                == stock.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
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
}
