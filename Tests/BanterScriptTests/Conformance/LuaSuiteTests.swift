import BanterLua
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScript

/// Lua 5.4.4's own test suite, run inside the sandbox file by file as `all.lua` runs it
/// (`_port` and `_soft` set, `T` absent; Latin-1 bytes as decimal escapes), against
/// `LuaSuiteDifferences.txt`: every difference from stock Lua is listed there with the
/// sandbox rule behind it, and every rule is explained in docs/lua-api.md. A new difference
/// fails, and so does a listed one that no longer happens, so the list stays true.
@Suite(.enabled(if: LuaCorpus.isPresent, "needs ../shared/lua-compat beside the repository"))
struct LuaSuiteTests {
    /// The files `all.lua` runs with `_soft` set, in its order (`big.lua` only runs without
    /// `_soft`; `heavy.lua` is not part of `all.lua`).
    static let files = [
        "main.lua", "gc.lua", "db.lua", "calls.lua", "strings.lua", "literals.lua", "tpack.lua", "attrib.lua",
        "gengc.lua", "locals.lua", "constructs.lua", "code.lua", "cstack.lua", "nextvar.lua", "pm.lua", "utf8.lua",
        "api.lua", "events.lua", "vararg.lua", "closure.lua", "coroutine.lua", "goto.lua", "errors.lua", "math.lua",
        "sort.lua", "bitwise.lua", "verybig.lua", "files.lua",
    ]

    /// One line of the list: a difference in `file`, and the rule behind it.
    struct Listed: Hashable {
        var file: String
        var difference: String
        var rule: String
    }

    static let listURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "LuaSuiteDifferences.txt")

    static func listed() throws -> [Listed] {
        try String(contentsOf: listURL, encoding: .utf8).split(separator: "\n").compactMap { line in
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
            let fields = text.components(separatedBy: " | ")
            guard fields.count == 3 else { throw ListError(line: String(line)) }
            return Listed(file: fields[0], difference: fields[1], rule: fields[2])
        }
    }

    struct ListError: Error, CustomStringConvertible {
        var line: String
        var description: String { "LuaSuiteDifferences.txt: expected 'file | difference | rule', got '\(line)'" }
    }

    /// Runs `file` in a fresh sandbox and returns how it went, its differences as listed.
    static func run(_ file: String) throws -> (outcome: LuaTestBed.Outcome, differences: Set<String>) {
        let bed = try LuaTestBed()
        try LuaCorpus.copyLuaFiles(of: LuaCorpus.suite, to: bed.folder.path)
        try bed.prepare("_port = true; _soft = true")
        let outcome = bed.run(file)
        var differences = Set(outcome.failures.map { "assertion at \($0.location)" })
        if let stop = outcome.stop {
            differences.insert(
                "stop at " + (stop.file.map { file in stop.line.map { "\(file):\($0)" } ?? file } ?? "?"))
        }
        return (outcome, differences)
    }

    @Test(arguments: files) func differsOnlyAsListed(_ file: String) throws {
        let (outcome, differences) = try Self.run(file)
        let expected = Set(try Self.listed().filter { $0.file == file }.map(\.difference))
        let summary =
            "\(file): \(outcome.assertions) assertions run, \(outcome.failures.count) failed"
            + (outcome.stop.map { ", stopped: \($0)" } ?? ", ran to its end")
        print(summary)
        let new = differences.subtracting(expected).sorted()
        let gone = expected.subtracting(differences).sorted()
        let newLines = new.map { "\(file) | \($0) | RULE" }
        let messages = outcome.failures.filter { new.contains("assertion at \($0.location)") }.map {
            "  \($0.location): \($0.message)"
        }
        #expect(
            new.isEmpty,
            Comment(
                rawValue: ([summary, "New differences (fix them, or list them with the sandbox rule behind them):"]
                    + newLines + messages).joined(separator: "\n")))
        let goneLines = gone.map { "\(file) | \($0)" }
        #expect(
            gone.isEmpty,
            Comment(
                rawValue: ([summary, "Listed differences that no longer happen (remove them from the list):"]
                    + goneLines).joined(separator: "\n")))
    }

    @Test func everyListedLineNamesASuiteFileAndADocumentedRule() throws {
        let listed = try Self.listed()
        #expect(Set(listed).count == listed.count, "a difference is listed twice")
        for entry in listed {
            #expect(Self.files.contains(entry.file), "\(entry.file) is not a file of the suite")
        }
        let documented = try LuaDifferencesDoc.ruleIDs()
        for rule in Set(listed.map(\.rule)).sorted() {
            #expect(
                documented.contains(rule),
                "rule '\(rule)' is not explained in docs/lua-api.md, \"\(LuaDifferencesDoc.heading)\"")
        }
    }
}

/// docs/lua-api.md's "Differences from Lua 5.4" section: every rule behind a listed
/// difference is a bullet there that starts with its id (or ids) in backquotes and bold
/// ("- **`no-files`**: …").
enum LuaDifferencesDoc {
    static let heading = "## Differences from Lua 5.4"

    static func ruleIDs() throws -> Set<String> {
        let text = try String(contentsOf: Repository.url("docs/lua-api.md"), encoding: .utf8)
        guard let start = text.range(of: "\n" + heading + "\n") else { return [] }
        let section = text[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
        var ids: Set<String> = []
        for line in section.split(separator: "\n") where line.hasPrefix("- **`") {
            let head = line.prefix { $0 != ":" }
            for match in head.matches(of: /\*\*`([a-zA-Z0-9-]+)`\*\*/) { ids.insert(String(match.output.1)) }
        }
        return ids
    }
}
