import BanterScenario
import BanterStore
import Foundation

/// `banter crawl` over the example pizza bot (examples/bots/pizza.lua, depth 8), in-process:
/// paths found per second of CPU time, so one core's share whatever else runs on the
/// machine. Each crawl loads the bot and opens one conversation; every path is replayed
/// from the session as the opening left it, or from where it parts from its siblings
/// (`BotCrawler.Parting`), put back whole (the bot's Lua state, the store's savepoint, the
/// clock); replays per second are reported beside it. The empty database every crawl starts from is built once, outside
/// the timing, as by a process that crawls many bots (`banter crawl` builds it once per
/// run: its migrations, about 8 ms, come on top of a one-off command).
struct CrawlBenchmark: Benchmark {
    let name = "crawl"
    let crawlsPerSample = 20

    func run(in context: BenchContext) throws -> [Figure] {
        let bot = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            .appendingPathComponent("examples/bots/pizza.lua").path
        guard FileManager.default.fileExists(atPath: bot) else {
            throw BenchError("no \(bot): run the benchmarks from the repository's root (scripts/bench does)")
        }
        context.log("crawl: examples/bots/pizza.lua at depth 8, \(crawlsPerSample) crawls a sample (5 samples)")
        let template = try InMemoryTemplate()
        var paths = 0
        var replays = 0
        let samples = try Samples.collect(warmUp: 1, count: 5) {
            var failure: (any Error)?
            let seconds = CPUTime.seconds {
                do {
                    for _ in 0..<crawlsPerSample {
                        let report = try BotCrawler(botPath: bot, depth: 8, template: template).crawl()
                        paths = report.paths.count
                        replays = report.replays
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw BenchError("the crawl failed: \(failure)") }
            return seconds
        }
        let perCrawl = samples.median / Double(crawlsPerSample)
        context.log("crawl: \(paths) paths and \(replays) replays a crawl")
        return [
            Figure(
                name: "banter crawl, example pizza bot, paths per CPU second (one core)",
                value: Double(paths) / perCrawl, unit: .pathsPerSecond, target: Target(value: .atLeast(1_000))),
            Figure(
                name:
                    "banter crawl, example pizza bot, replays per CPU second (each from the kept opening or where it parts)",
                value: Double(replays) / perCrawl, unit: .pathsPerSecond, target: Target()),
        ]
    }
}
