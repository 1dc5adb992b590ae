import BanterTestSupport
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScript

/// Popular pure-Lua libraries dropped into a bot's folder, as a bot author uses them: each
/// library's own tests run inside the sandbox with the counts they give under stock
/// `lua5.4` (see ../shared/lua-compat/README.md), and one usage script per library prints
/// the same lines in the sandbox as under `lua5.4`. Nothing here names a library to the
/// sandbox: the libraries run under the sandbox's general rules.
@Suite(.enabled(if: LuaCorpus.isPresent, "needs ../shared/lua-compat beside the repository"))
struct LibraryTests {
    static let libraries = ["json.lua", "lume", "inspect.lua", "middleclass", "classic"]

    /// A sandbox whose folder holds `library`'s own files (its Lua files at the top, the
    /// tests in their folders, as in the library's repository).
    func bed(for library: String) throws -> LuaTestBed {
        let bed = try LuaTestBed()
        try LuaCorpus.copyLuaFiles(of: LuaCorpus.libraries.appendingPathComponent(library), to: bed.folder.path)
        return bed
    }

    /// The counts in a line such as "14 passed, 0 failed".
    func counts(_ line: String?, _ pattern: Regex<(Substring, Substring, Substring)>) -> (Int, Int)? {
        guard let line, let match = line.firstMatch(of: pattern) else { return nil }
        return (Int(match.output.1) ?? -1, Int(match.output.2) ?? -1)
    }

    /// A test of a library's own that fails in the sandbox (or under lua5.4 too), found by
    /// a part of its name, and the rule behind it (docs/lua-api.md, "Differences from Lua 5.4").
    struct ExpectedFailure {
        var name: String
        var rule: String
    }

    /// Checks that exactly the expected tests failed (`failures` are the runner's lines,
    /// each naming its test) and that each rule is documented.
    func expect(_ failures: [String], _ expected: [ExpectedFailure], _ library: String) throws {
        var unmatched = failures
        for failure in expected {
            if let index = unmatched.firstIndex(where: { $0.contains(failure.name) }) {
                unmatched.remove(at: index)
            } else {
                Issue.record("\(library): '\(failure.name)' was expected to fail (\(failure.rule)) but passed")
            }
        }
        #expect(unmatched.isEmpty, "\(library): unexpected failures: \(unmatched)")
        let documented = try LuaDifferencesDoc.ruleIDs()
        for failure in expected where failure.rule != "lua-5.4" {
            #expect(documented.contains(failure.rule), "rule '\(failure.rule)' is not in docs/lua-api.md")
        }
    }

    @Test func jsonPassesItsOwnTests() throws {
        let bed = try bed(for: "json.lua")
        // test/test.lua loads the library with loadfile("../json.lua"), as a test script
        // run from its folder does; the sandbox's loadfile reads inside the bot's folder
        // only (never ".."), so the harness gives the test a loadfile over the copied folder.
        let folder = bed.folder.path
        bed.state.register("harness_read") { arguments in
            let path = URL(fileURLWithPath: folder + "/test/" + (arguments.first?.stringValue ?? ""))
                .standardizedFileURL.path
            guard path.hasPrefix(folder), let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                return .values([.nil])
            }
            return .values([.string(text)])
        }
        try bed.prepare(
            """
            function loadfile(path)
              local text = harness_read(path)
              if text == nil then return nil, "cannot open " .. path end
              return load(text, "@" .. path)
            end
            """)
        let outcome = bed.run("test/test.lua")
        #expect(outcome.stop == nil)
        let passed = outcome.printed.filter { $0.hasPrefix("[pass]") }.count
        print("json.lua: \(passed) of 14 tests passed")
        #expect(passed == 14)
        try expect(outcome.printed.filter { $0.hasPrefix("[fail]") }, [], "json.lua")
    }

    @Test func lumePassesItsOwnTests() throws {
        let bed = try bed(for: "lume")
        // Its tester reads source lines with io and debug for its report: Support/tester.lua
        // is the same API without them. test.lua extends package.path to find ../lume.lua;
        // here the library sits beside it.
        try LuaCorpus.supportText("tester.lua").write(
            toFile: bed.folder.file("test/util/tester.lua"), atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(atPath: bed.folder.file("test/util"), toPath: bed.folder.file("util"))
        try FileManager.default.moveItem(atPath: bed.folder.file("test/test.lua"), toPath: bed.folder.file("test.lua"))
        let outcome = bed.run("test.lua")
        #expect(outcome.stop == nil)
        let line = outcome.printed.last
        print("lume: \(line ?? "no result")")
        let functions = counts(line, /(\d+) of (\d+) test functions passed/)
        let checks = counts(line, /\((\d+) of (\d+) checks\)/)
        #expect(functions.map { $0 == (58, 58) } == true)
        #expect(
            checks.map { $0.0 == $0.1 } == true, "a check failed: \(outcome.printed.filter { $0.contains("FAIL") })")
        try expect(outcome.printed.filter { $0.hasSuffix(": FAIL") }, [], "lume")
    }

    /// Runs busted-style spec files through Support/busted.lua; returns (passed, failed, output).
    func runSpecs(of library: String, _ specs: [String]) throws -> (Int, Int, [String]) {
        let bed = try bed(for: library)
        try LuaCorpus.supportText("busted.lua").write(
            toFile: bed.folder.file("busted.lua"), atomically: true, encoding: .utf8)
        try bed.prepare(#"busted = require "busted""#)
        let files = try specs.map { name in
            LuaValue.table(
                LuaTable(fields: [
                    "name": .string(name),
                    "source": .string(try String(contentsOfFile: bed.folder.file(name), encoding: .utf8)),
                ]))
        }
        let results = try bed.call("busted.run", [.table(LuaTable(array: files))])
        guard results.count == 2, case .integer(let passed) = results[0], case .integer(let failed) = results[1] else {
            return (-1, -1, bed.printed)
        }
        return (Int(passed), Int(failed), bed.printed)
    }

    @Test func inspectPassesItsOwnSpecs() throws {
        let (passed, failed, output) = try runSpecs(of: "inspect.lua", ["spec/inspect_spec.lua"])
        print("inspect.lua: \(passed) of \(passed + failed) specs passed")
        #expect(passed == 49 && failed == 0)
        try expect(output.filter { $0.hasPrefix("[fail]") }, [], "inspect.lua")
    }

    @Test func middleclassPassesItsOwnSpecs() throws {
        let specs = [
            "class_spec", "classes_spec", "default_methods_spec", "instances_spec", "metamethods_spec", "mixins_spec",
        ]
        let (passed, failed, output) = try runSpecs(of: "middleclass", specs.map { "spec/\($0).lua" })
        print("middleclass: \(passed) of \(passed + failed) specs passed")
        #expect(passed == 130 && failed == 2)
        try expect(
            output.filter { $0.hasPrefix("[fail]") },
            [
                // Fails under lua5.4 too.
                ExpectedFailure(name: "Lua 5.2 Metamethods implements __ipairs", rule: "lua-5.4"),
                ExpectedFailure(name: "Lua 5.2 Metamethods Inherited Metamethods implements __ipairs", rule: "lua-5.4"),
            ], "middleclass")
    }

    @Test(arguments: libraries) func usagePrintsWhatLua54Prints(_ library: String) throws {
        let bed = try bed(for: library)
        let script = library.replacingOccurrences(of: ".lua", with: "") + "_usage.lua"
        try LuaCorpus.supportText("usage/\(library.hasSuffix(".lua") ? library : library + ".lua")")
            .write(toFile: bed.folder.file(script), atomically: true, encoding: .utf8)
        let outcome = bed.run(script)
        #expect(outcome.stop == nil, "\(outcome.stop.map(String.init(describing:)) ?? "")")
        let stock = try StockLua.run(script, in: bed.folder.path)
        #expect(!stock.isEmpty)
        #expect(outcome.printed.map { $0 + "\n" }.joined() == stock)
    }
}

/// Stock `lua5.4` (Debian's lua5.4, installed by scripts/test), run on a script in a folder.
enum StockLua {
    /// What the script printed (and any error lua5.4 reported).
    static func run(_ script: String, in folder: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["lua5.4", script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice // io.read sees an empty input, as in the sandbox
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
