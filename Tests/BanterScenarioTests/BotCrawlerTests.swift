import BanterChat
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// `banter crawl` on a bot whose graph is known: it finds every path, the end, the dead end,
/// the loop and the error (with its file:line), and the scenarios it writes pass.
@Suite struct BotCrawlerTests {
    static let bot = """
        bot { name = "Graph" }
        local function start(chat)
          chat:reply("Start", { buttons = { "A", "B", "Again", "Boom" } })
        end
        on_open(function(chat) start(chat) end)
        on_button("^A$", function(_, _, chat) chat:reply("A is done", { final = true }) end)
        on_button("^B$", function(_, _, chat) chat:reply("Pick B1", { quick_replies = { "B1" } }) end)
        on_button("^B1$", function(_, _, chat) chat:reply("Stuck here") end)
        on_button("^Again$", function(_, _, chat) start(chat) end)
        on_button("^Boom$", function(_, _, chat) chat:reply(nil .. "x") end)
        """

    private func crawl(depth: Int = 8) throws -> (CrawlReport, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let path = try folder.write("graph.lua", Self.bot)
        return (try BotCrawler(botPath: path, depth: depth).crawl(), folder)
    }

    @Test func findsEveryPathAndWhatEachEndsIn() throws {
        let (report, _) = try crawl()
        let outcomes = Dictionary(
            uniqueKeysWithValues: report.paths.map { ($0.picks.map(\.label).joined(separator: ">"), $0.outcome) })
        #expect(outcomes["A"] == .end)
        #expect(outcomes["B>B1"] == .deadEnd)
        #expect(outcomes["Again"] == .loop(to: 0))
        guard case .error(let text)? = outcomes["Boom"] else {
            Issue.record("no error on Boom: \(outcomes)")
            return
        }
        #expect(text.hasPrefix("graph.lua:10:"), "\(text)")
        #expect(report.paths.count == 4 && report.states.count == 4)
        let lines = report.lines()
        #expect(lines[1] == "  ends 1 · dead ends 1 · loops 1 · errors 1 · joined an explored path 0 · cut at depth 0")
        #expect(lines.contains("  dead end: B → B1 → \"Stuck here\" offers nothing and is not final"))
        #expect(lines.contains("  loop: Again → back to \"Start\""))
        #expect(lines.last == "  longest path: 2 picks: B → B1")
    }

    @Test func anErrorInOnOpenEndsTheFirstPath() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "open.lua",
            """
            bot { name = "Open" }
            on_open(function(chat) chat:reply("Hello", { buttons = { "A" } }); error("no menu today") end)
            """)
        let report = try BotCrawler(botPath: path, depth: 8).crawl()
        guard case .error(let text)? = report.paths.first?.outcome else {
            Issue.record("no error at the opening: \(report.paths)")
            return
        }
        #expect(text.hasPrefix("open.lua:2:") && text.contains("no menu today"), "\(text)")
        #expect(report.paths.count == 1)
    }

    @Test func labelsWithControlsAreDrawnVisiblyAndTheirScenariosPass() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "controls.lua",
            #"""
            bot { name = "Controls" }
            on_open(function(chat)
              chat:reply("pick \27[31mred", { buttons = { "\27[2J\27]0;pwned\7Red", "ok\r\nline", "\u{202E}evil" } })
            end)
            on_button(".", function(payload, _, chat) chat:reply("got " .. payload .. "\27[5m") end)
            """#)
        let report = try BotCrawler(botPath: path, depth: 8).crawl()
        #expect(report.paths.count == 3 && report.count { $0 == .deadEnd } == 3)
        for line in report.lines() {
            #expect(
                !line.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0.value == 0x202E }, "\(line)")
        }
        let out = folder.file("out")
        #expect(try CrawlFiles.write(report, to: out) == 3)
        for index in 1...3 {
            let scenario = out + String(format: "/path-%03d.lua", index)
            let runner = try ScenarioRunner(
                script: try ScenarioScript(path: scenario), store: ChatStore(path: ":memory:"))
            #expect(try runner.run().isEmpty, "\(scenario)")
        }
    }

    @Test func depthCutsPaths() throws {
        let (report, _) = try crawl(depth: 1)
        #expect(report.paths.contains { $0.outcome == .cut && $0.picks.map(\.label) == ["B"] })
    }

    @Test func writtenScenariosPassAndTheDiagramDrawsEveryPick() throws {
        let (report, folder) = try crawl()
        let out = folder.file("out")
        #expect(try CrawlFiles.write(report, to: out) == 3, "the error path is left out")
        for index in 1...3 {
            let path = out + String(format: "/path-%03d.lua", index)
            let runner = try ScenarioRunner(script: try ScenarioScript(path: path), store: ChatStore(path: ":memory:"))
            #expect(try runner.run().isEmpty, "\(path)")
        }
        let diagram = try String(contentsOfFile: out + "/paths.mmd", encoding: .utf8)
        #expect(diagram.hasPrefix("flowchart TD\n  s0[\"Start\"]"))
        #expect(diagram.contains("s0 -.->|\"Again\"| s0"))
        #expect(diagram.contains("s2 -->|\"B1\"| s3") || diagram.contains("-->|\"B1\"|"))
        #expect(diagram.contains("class s1 final") && diagram.contains("deadEnd"))
    }
}
