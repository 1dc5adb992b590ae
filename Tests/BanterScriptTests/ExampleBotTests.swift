import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScript

/// The example bots shipped in examples/bots load and behave as their comments promise.
@Suite struct ExampleBotTests {
    static let folder = Repository.url("examples/bots")

    func load(_ name: String, host: TestHost) throws -> BotRuntime {
        try BotRuntime(scriptPath: Self.folder.appendingPathComponent(name).path, host: host, randomSeed: 3)
    }

    @Test(arguments: ["alisha.lua", "grumpy.lua", "burst.lua", "chef.lua"])
    func loads(_ name: String) throws {
        let host = TestHost()
        let bot = try load(name, host: host)
        #expect(bot.definition.greeting != nil)
        host.say("hi", to: bot)
        host.advance(.seconds(3600), bot)
        #expect(host.failures.isEmpty)
        #expect(!host.replies.isEmpty)
    }

    @Test func alishaRemembersYourNameAcrossRestarts() throws {
        let host = TestHost()
        let bot = try load("alisha.lua", host: host)
        host.say("My name is Sam", to: bot)
        host.advance(.seconds(30), bot)
        #expect(host.replyTexts == ["Nice to meet you properly, Sam ✨"])
        #expect(host.marks == [.delivered, .read])
        let restarted = TestHost(now: host.now, memory: host.memory)
        let again = try load("alisha.lua", host: restarted)
        again.conversationOpened(firstTime: false)
        restarted.advance(.seconds(30), again)
        #expect(restarted.replyTexts == ["Welcome back, Sam!"])
    }

    @Test func burstRepliesFormOneCluster() throws {
        let host = TestHost()
        let bot = try load("burst.lua", host: host)
        host.say("hey", to: bot)
        host.advance(.seconds(60), bot)
        #expect(host.replyTexts == ["hiii", "how are youuu", "tell me everything"])
        let gaps = zip(host.replies.dropFirst(), host.replies).map { $0.at - $1.at }
        #expect(gaps.allSatisfy { $0 <= GroupingRules.defaultClusterGap })
    }

    @Test func elizaRunsTheDoctorScriptAndResumesAfterARestart() throws {
        let host = TestHost()
        let bot = try load("eliza.lua", host: host)
        bot.conversationOpened(firstTime: true)
        host.advance(.seconds(10), bot)
        host.say("Men are all alike.", to: bot)
        host.advance(.seconds(10), bot)
        #expect(host.failures.isEmpty)
        #expect(host.replyTexts == ["HOW DO YOU DO.  PLEASE TELL ME YOUR PROBLEM", "IN WHAT WAY"])

        let restarted = TestHost(now: host.now, memory: host.memory)
        let again = try load("eliza.lua", host: restarted)
        again.conversationOpened(firstTime: false)
        restarted.say("They're always bugging us about something or other.", to: again)
        restarted.advance(.seconds(10), again)
        #expect(restarted.replyTexts == ["CAN YOU THINK OF A SPECIFIC EXAMPLE"])
    }
}
