import BanterTestSupport
import Foundation
import Testing

/// The examples in README.md and docs/*.md, run through the real binary so that they stay
/// true as Banter changes. A fenced block's info string says what the block is:
///
/// - ```` ```lua ````: a whole bot (a line starting `bot {`) or scenario (`scenario {`). A bot
///   must pass `banter check`; a scenario must pass `banter test` (its expectations hold).
/// - ```` ```lua steps ````: scenario steps without their `scenario {}` line; checked with one
///   put before them.
/// - ```` ```lua file=NAME ````: a module the next blocks of the same page `require`; written
///   beside them under NAME, and checked.
/// - ```` ```lua signatures ````: not Lua (a list of signatures); not run.
/// - ```` ```lua editor ````: an editor's configuration in Lua (nvim-dap's); it must compile.
/// - ```` ```toml ````: a configuration file, which `banter config --config` must accept;
///   ```` ```toml theme ````: a theme file, which it must accept as the theme.
/// - ```` ```console ````: `$ COMMAND` lines, each followed by what it prints. The command
///   runs in `sh` at the repository's root with this `banter` first on the PATH, and must
///   print exactly those lines (standard output and error together, trailing spaces
///   aside), where a line `…` stands for any number of lines.
///
/// Each block runs in a fresh folder laid out like `examples/` (`bots/`, `scenarios/files/`
/// copied in), as `scenarios/PAGE-LINE.lua`, so `bot = "../bots/alisha.lua"` and the example
/// files resolve as they do for a reader of the docs inside `examples/scenarios/`.
@Suite struct DocExampleTests {
    /// Held while a block runs the HTTP examples' server on its fixed port.
    static let parrotPort = NSLock()

    @Test(arguments: DocBlock.all)
    func exampleRuns(_ block: DocBlock) throws {
        let folder = try DocFolder()
        for module in DocBlock.all where module.page == block.page && module.line < block.line {
            if case .module(let name) = module.kind { _ = try folder.write("scenarios/" + name, module.text) }
        }
        switch block.kind {
        case .script:
            let file = try folder.write("scenarios/\(block.slug).lua", block.text)
            let isScenario = block.text.contains(/(?m)^scenario\s*[{(]/)
            let isBot = block.text.contains(/(?m)^bot\s*[{(]/)
            try #require(
                isScenario || isBot,
                "\(block): a ```lua block is a whole bot or scenario; mark a fragment ```lua steps or ```lua signatures"
            )
            let result = try BanterBinary.run(isScenario ? ["test", "-j", "1", file] : ["check", file])
            #expect(result.status == 0, "\(block):\n\(result.standardOutput)\(result.standardError)")
        case .steps:
            let file = try folder.write("scenarios/\(block.slug).lua", "scenario {}\n" + block.text)
            let result = try BanterBinary.run(["check", file])
            #expect(result.status == 0, "\(block):\n\(result.standardOutput)\(result.standardError)")
        case .module(let name):
            let result = try BanterBinary.run(["check", try folder.write("scenarios/" + name, block.text)])
            #expect(result.status == 0, "\(block):\n\(result.standardOutput)\(result.standardError)")
        case .signatures:
            #expect(!block.text.isEmpty)
        case .editor:
            let file = try folder.write("editor.lua", block.text)
            let result = try ChildProcess.run("luac5.4", ["-p", file])
            #expect(result.status == 0, "\(block):\n\(result.standardError)")
        case .configuration:
            let file = try folder.write("config.toml", block.text)
            let result = try BanterBinary.run(["config", "--config", file])
            #expect(result.status == 0, "\(block):\n\(result.standardError)")
        case .console:
            // A run of every example needs the HTTP examples' server on their port, one run at
            // a time.
            let needsParrot = block.text.contains(/banter test .*examples\/\n/)
            if needsParrot { Self.parrotPort.lock() }
            let parrot =
                needsParrot
                ? try LoopbackServer(script: Repository.url("examples/bots/parrot_server.py").path, port: 5055) : nil
            defer {
                parrot?.stop()
                if needsParrot { Self.parrotPort.unlock() }
            }
            for (command, expected) in DocBlock.commands(in: block.text) {
                let printed = try DocShell.run(command)
                #expect(DocBlock.matches(printed, expected), "\(block): $ \(command) printed:\n\(printed)")
            }
        case .theme:
            let file = try folder.write("theme.toml", block.text)
            let result = try BanterBinary.run(["config"], environment: ["BANTER_THEME": file])
            #expect(result.status == 0, "\(block):\n\(result.standardError)")
            #expect(result.standardOutput.contains("environment BANTER_THEME"), "\(block)")
        }
    }

    /// Every page is read, and the markers are used: a page that lost its examples, or a
    /// marker the parser no longer recognises, shows up here rather than as silence.
    @Test func everyPageWithExamplesIsRead() {
        let pages = Set(DocBlock.all.map(\.page))
        #expect(
            pages.isSuperset(of: [
                "README.md", "docs/lua-api.md", "docs/scenarios.md", "docs/repl.md", "docs/configuration.md",
            ]))
        #expect(DocBlock.all.count { if case .steps = $0.kind { true } else { false } } >= 10)
        #expect(DocBlock.all.contains { if case .theme = $0.kind { true } else { false } })
        #expect(DocBlock.all.contains { if case .console = $0.kind { true } else { false } })
        #expect(DocBlock.unknownMarkers.isEmpty, "unknown info strings: \(DocBlock.unknownMarkers)")
    }
}

/// One fenced example of a documentation page.
struct DocBlock: Sendable, CustomTestStringConvertible, CustomStringConvertible {
    enum Kind: Sendable {
        case script, steps, module(String), signatures, editor, configuration, theme, console
    }

    var page: String
    /// The line of the block's first line of text.
    var line: Int
    var kind: Kind
    var text: String

    var description: String { "\(page):\(line)" }
    var testDescription: String { description }
    /// A file name for the block: the page's name and the line.
    var slug: String { "\(URL(fileURLWithPath: page).deletingPathExtension().lastPathComponent)-\(line)" }

    /// The pages whose examples are checked.
    static var pages: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(
                atPath: Repository.root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    static let all: [DocBlock] = pages.flatMap { parse(page: $0).blocks }
    static let unknownMarkers: [String] = pages.flatMap { parse(page: $0).unknown }

    /// The ```lua and ```toml blocks of `page`, and the info strings it does not know.
    static func parse(page: String) -> (blocks: [DocBlock], unknown: [String]) {
        let url = Repository.root.appendingPathComponent(page)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return ([], []) }
        let lines = text.components(separatedBy: "\n")
        var blocks: [DocBlock] = [], unknown: [String] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index]
            guard fence.hasPrefix("```"), fence.count > 3 else { index += 1; continue }
            let end = lines[(index + 1)...].firstIndex { $0.hasPrefix("```") } ?? lines.count
            let body = lines[(index + 1)..<end].joined(separator: "\n") + "\n"
            let info = fence.dropFirst(3).split(separator: " ").map(String.init)
            let kind: Kind?
            switch (info.first, info.dropFirst().first) {
            case ("lua", nil): kind = .script
            case ("lua", "steps"): kind = .steps
            case ("lua", "signatures"): kind = .signatures
            case ("lua", "editor"): kind = .editor
            case ("lua", let marker?) where marker.hasPrefix("file="): kind = .module(String(marker.dropFirst(5)))
            case ("toml", nil): kind = .configuration
            case ("toml", "theme"): kind = .theme
            case ("console", nil): kind = .console
            case ("lua", _?), ("toml", _?), ("console", _?):
                kind = nil
                unknown.append("\(page):\(index + 1): \(fence)")
            default: kind = nil
            }
            if let kind { blocks.append(DocBlock(page: page, line: index + 2, kind: kind, text: body)) }
            index = end + 1
        }
        return (blocks, unknown)
    }
}

extension DocBlock {
    /// The `$ COMMAND` lines of a console block, each with the lines shown under it.
    static func commands(in text: String) -> [(command: String, expected: [String])] {
        var commands: [(command: String, expected: [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("$ ") {
                commands.append((String(line.dropFirst(2)), []))
            } else if !commands.isEmpty {
                commands[commands.count - 1].expected.append(String(line))
            }
        }
        return commands
    }

    /// Whether `printed` is `expected`, line for line, where an expected line `…` stands
    /// for any number of printed lines. Trailing spaces do not count (editors drop them).
    static func matches(_ printed: String, _ expected: [String]) -> Bool {
        var lines = printed.split(separator: "\n", omittingEmptySubsequences: false).map(trimmingTrailingSpaces)
        if lines.last == "" { lines.removeLast() }
        let expected = expected.map(trimmingTrailingSpaces)
        func match(_ line: Int, _ pattern: Int) -> Bool {
            guard pattern < expected.count else { return line == lines.count }
            if expected[pattern] == "…" {
                return (line...lines.count).contains { match($0, pattern + 1) }
            }
            return line < lines.count && lines[line] == expected[pattern] && match(line + 1, pattern + 1)
        }
        return match(0, 0)
    }

    private static func trimmingTrailingSpaces<Line: StringProtocol>(_ line: Line) -> String {
        var text = String(line)
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// Runs a documented shell command as a reader would, from the repository's root, with the
/// built `banter` first on the PATH and without the developer's configuration.
private enum DocShell {
    static func run(_ command: String) throws -> String {
        let process = BanterBinary.process([])
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " 2>&1"]
        process.currentDirectoryURL = Repository.root
        let path = process.environment?["PATH"] ?? "/usr/bin:/bin"
        process.environment?["PATH"] = BanterBinary.url.deletingLastPathComponent().path + ":" + path
        return try ChildProcess.run(process).standardOutput
    }
}

/// A temporary folder laid out like `examples/`: the example bots and scenario files, and
/// room for the blocks under test.
private final class DocFolder {
    private let fixture: ChatFixture

    init() throws {
        fixture = try ChatFixture()
        let examples = Repository.root.appendingPathComponent("examples")
        let manager = FileManager.default
        try manager.copyItem(
            at: examples.appendingPathComponent("bots"), to: fixture.folder.appendingPathComponent("bots"))
        try manager.createDirectory(
            at: fixture.folder.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
        try manager.copyItem(
            at: examples.appendingPathComponent("scenarios/files"),
            to: fixture.folder.appendingPathComponent("scenarios/files"))
    }

    /// Writes `text` to `name` in the folder and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        try fixture.write(name, text)
    }
}
