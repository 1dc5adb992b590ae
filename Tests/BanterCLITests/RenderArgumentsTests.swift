import ArgumentParser
import BanterCore
import BanterTheme
import Testing

@testable import banter

/// `banter render`'s arguments read without swift-argument-parser (its start-up fast path)
/// must mean exactly what the parser makes of them, and leave to the parser everything it
/// does not read the same way, so that help and every error stay the parser's.
@Suite struct RenderArgumentsTests {
    /// Argument lists the fast path takes, each with what it reads.
    static let taken: [[String]] = [
        [],
        ["--db", "/tmp/x.sqlite", "--conversation", "big", "--limit", "50", "--width", "80"],
        ["--db=/tmp/x.sqlite", "--conversation=weekend plans", "--all", "--page-size", "7"],
        ["--color", "--border", "ascii", "--width-model", "legacy", "--theme", "dark", "--time-zone", "Europe/Paris"],
        ["--config", "/tmp/config.toml", "--limit=1", "--theme", "./mine.toml"],
    ]

    /// Argument lists it leaves to the parser: help, mistakes, forms it does not read.
    static let left: [[String]] = [
        ["--help"], ["-h"], ["--version"], ["help"], ["--limit"], ["--limit", "x"], ["--limit", "0"],
        ["--limit", "-3"], ["--limit", "5", "--all"], ["--width", "19"], ["--border", "dotted"],
        ["--width-model", "new"], ["--time-zone", "Mars/Base"], ["--conversation", " "], ["--page-size", "0"],
        ["--db"], ["--db", ""], ["--all=true"], ["--all", "--all"], ["--width", "80", "--width", "90"],
        ["--unknown"], ["stray"], ["--", "--all"], ["--generate-completion-script", "bash"],
        ["--experimental-dump-help"], ["-o", "x"],
    ]

    @Test(arguments: taken)
    func whatItTakesIsWhatTheParserReads(_ arguments: [String]) throws {
        let quick = try #require(RenderArguments.read(arguments))
        let parsed = try RenderCommand.parse(arguments)
        #expect(quick == parsed.arguments)
    }

    @Test(arguments: left)
    func whatItDoesNotReadTheSameWayIsLeftToTheParser(_ arguments: [String]) {
        #expect(RenderArguments.read(arguments) == nil)
    }

    @Test func theValuesAreRead() throws {
        let read = try #require(
            RenderArguments.read([
                "--db=/tmp/x.sqlite", "--limit", "50", "--border", "ascii", "--width-model", "legacy", "--color",
            ]))
        #expect(read.db == "/tmp/x.sqlite" && read.limit == 50 && read.color)
        #expect(read.border == .ascii && read.widthModel == .legacy && read.pageSize == 1000)
    }

    /// A new option of `render` must be taught to the fast path (or the fast path would leave
    /// every use of it to the parser, silently slow; or worse, never see it).
    @Test func itKnowsEveryOptionRenderHas() {
        let help = RenderCommand.helpMessage(includeHidden: true, columns: 1000)
        var names: Set<String> = []
        for word in help.split(whereSeparator: { $0.isWhitespace || $0 == "," || $0 == "<" || $0 == "[" }) {
            guard word.hasPrefix("--"), word.count > 2 else { continue }
            names.insert(String(word.dropFirst(2).prefix { $0.isLetter || $0 == "-" }))
        }
        names.remove("help")
        #expect(names == RenderArguments.flags.union(RenderArguments.valued))
    }
}
