import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// Paths started from the kept opening (`BotCrawler.Opening`) find exactly what paths that
/// each open a new conversation find: the same paths, outcomes, states, arrows and recordings
/// (so the same written scenarios), on every example bot and on bots that leave work behind
/// on the way (memory, random numbers, typing, a delayed reply, a wait past the settle
/// horizon, an `ask`).
extension BotCrawlerTests {
    static let restless = """
        bot { name = "Restless" }
        on_open(function(chat)
          chat.memory.opened = (chat.memory.opened or 0) + 1
          chat:typing(2)
          chat:reply("Roll?", { after = "5s", buttons = { "Roll", "Later", "Ask" } })
        end)
        on_button("^Roll$", function(_, _, chat)
          local n = math.random(3)
          chat.memory.last = n
          chat:reply("You rolled " .. n .. " at " .. os.date("!%H:%M:%S", chat:now()), { quick_replies = { "Roll", "Stop" } })
        end)
        on_button("^Stop$", function(_, _, chat) chat:reply("Bye", { final = true }) end)
        on_button("^Later$", function(_, _, chat)
          chat:reply("Back in two hours", { buttons = { "Roll" } })
          chat:wait("2h")
          chat:reply("I am back")
        end)
        on_button("^Ask$", function(_, _, chat)
          local answer = chat:ask("Which?", { quick_replies = { "One", "Two" } })
          chat.memory.answer = answer
          chat:reply("You said " .. answer, { buttons = { "Roll" } })
        end)
        """

    /// Crawls the bot at `path` both ways and expects the same report; returns how many
    /// conversations the crawl that keeps its opening opened, and how many of its paths
    /// played only their last pick.
    @discardableResult
    private func expectSameCrawl(of path: String, depth: Int = 6, template: InMemoryTemplate) throws -> (
        conversations: Int, parted: Int
    ) {
        let crawler = try BotCrawler(botPath: path, depth: depth, template: template)
        let kept = try crawler.crawl()
        let fresh = try BotCrawler(botPath: path, depth: depth, template: template, reusesOpening: false).crawl()
        let name = URL(fileURLWithPath: path).lastPathComponent
        #expect(Array(kept.lines().dropFirst()) == Array(fresh.lines().dropFirst()), "\(name)")
        #expect(kept.states == fresh.states && kept.edges == fresh.edges, "\(name)")
        #expect(kept.replays == fresh.replays && kept.paths.count == fresh.paths.count, "\(name)")
        for (one, other) in zip(kept.paths, fresh.paths) {
            #expect(one.picks == other.picks && one.outcome == other.outcome && one.state == other.state, "\(name)")
            #expect(one.recording == other.recording, "\(name): \(CrawlReport.describe(one.picks))")
        }
        return (crawler.conversations, crawler.partedReplays)
    }

    @Test func aKeptOpeningFindsWhatNewConversationsFind() throws {
        let folder = try TemporaryFolder()
        let template = try InMemoryTemplate()
        let graph = try expectSameCrawl(of: try folder.write("graph.lua", Self.bot), template: template)
        #expect(graph.conversations == 1)
        let restless = try expectSameCrawl(of: try folder.write("restless.lua", Self.restless), template: template)
        #expect(restless.conversations == 1 && restless.parted > 0)
    }

    @Test func everyExampleBotCrawlsTheSameFromAKeptOpening() throws {
        let bots = try FileManager.default.contentsOfDirectory(atPath: Repository.url("examples/bots").path)
            .filter { $0.hasSuffix(".lua") }.sorted()
        #expect(bots.contains("pizza.lua"))
        let template = try InMemoryTemplate()
        for bot in bots {
            let crawl = try expectSameCrawl(
                of: Repository.url("examples/bots/\(bot)").path, depth: 8, template: template)
            // 11 of the 14 paths part from siblings after a pick, in 5 groups: all but the
            // first of each group play only their last pick.
            if bot == "pizza.lua" { #expect(crawl.conversations == 1 && crawl.parted == 6) }
        }
    }
}
