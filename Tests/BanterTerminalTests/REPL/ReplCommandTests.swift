import BanterCore
import Testing
@testable import BanterTerminal

@Suite struct ReplCommandTests {
    private func command(_ line: String) throws -> ReplCommand? {
        if case .command(let command) = try ReplCommand.parse(line) { return command }
        return nil
    }

    private func error(_ line: String) -> CommandError? {
        do {
            _ = try ReplCommand.parse(line)
            return nil
        } catch {
            return error
        }
    }

    @Test func textIsAMessageAndBlankIsNothing() throws {
        #expect(try ReplCommand.parse("hello /there") == .message("hello /there"))
        #expect(try ReplCommand.parse("  \t ") == .nothing)
        #expect(try ReplCommand.parse("") == .nothing)
        #expect(try ReplCommand.parse("//shrug") == .message("/shrug"))
    }

    @Test func commandsWithArguments() throws {
        #expect(try command("/bot bots/alisha.lua") == .bot(path: "bots/alisha.lua"))
        #expect(try command("/OPEN  weekend plans ") == .open(title: "weekend plans"))
        #expect(try command("/new fresh") == .new(title: "fresh"))
        #expect(try command("/as them  Hi there ") == .asOtherSide(text: "Hi there"))
        #expect(try command("/as THEM hi") == .asOtherSide(text: "hi"))
        #expect(try command("/wait 1h30m") == .wait(.seconds(5400)))
        #expect(try command("/search pizza night") == .search(text: "pizza night"))
        #expect(try command("/help grouping") == .help(topic: "grouping"))
        #expect(try command("/help /wait") == .help(topic: "wait"))
        #expect(try command("/help") == .help(topic: nil))
    }

    @Test func commandsWithoutArguments() throws {
        #expect(try command("/reload") == .reload)
        #expect(try command("/chats") == .chats)
        #expect(try command("/more") == .more)
        #expect(try command("/clear") == .clear)
        #expect(try command("/quit") == .quit)
        #expect(try command("/exit") == .quit)
        #expect(error("/more please")?.usage == "/more")
    }

    @Test func groupingParsesQuotedHeadersAndValidates() throws {
        #expect(try command("/grouping") == .grouping(GroupingChange()))
        #expect(try command("/grouping section=2h cluster=5s header=\"{date} {time}\"") == .grouping(
            GroupingChange(sectionGap: .seconds(7200), clusterGap: .seconds(5), headerPattern: "{date} {time}")))
        #expect(try command("/grouping reset cluster=1m") == .grouping(
            GroupingChange(clusterGap: .seconds(60), resetsToDefaults: true)))
        #expect(error("/grouping cluster=soon")?.message.contains("cluster: invalid duration") == true)
        #expect(error("/grouping header=\"{nope}\"")?.message.contains("header:") == true)
        #expect(error("/grouping header=\"{day}")?.message == "a quote is not closed")
        #expect(error("/grouping colour=red")?.message.contains("unknown rule") == true)
        #expect(error("/grouping 2h")?.message.contains("key=value") == true)
    }

    @Test func groupingChangeAppliesOnlyWhatItSets() {
        let rules = GroupingRules(sectionGap: .seconds(100), clusterGap: .seconds(10), headerPattern: "{time}")
        #expect(GroupingChange(clusterGap: .seconds(1)).applied(to: rules)
            == GroupingRules(sectionGap: .seconds(100), clusterGap: .seconds(1), headerPattern: "{time}"))
        #expect(GroupingChange(resetsToDefaults: true).applied(to: rules) == GroupingRules())
        #expect(GroupingChange.describe(GroupingRules()) == "section=1h cluster=20s header=\"{day} {time}\"")
    }

    @Test func errorsSayWhatWasWrongAndTheUsage() {
        #expect(error("/frobnicate")?.message == "unknown command /frobnicate")
        #expect(error("/gro")?.message == "unknown command /gro; did you mean /grouping?")
        #expect(error("/wait")?.description == "/wait needs a duration (usage: /wait DURATION)")
        #expect(error("/as me hi")?.usage == "/as them TEXT")
        #expect(error("/as them")?.message == "/as them needs the text of the message")
        #expect(error("/bot")?.usage == "/bot FILE")
        #expect(error("/search   ")?.usage == "/search TEXT")
    }

    @Test func speakingAsThemAsNamesTheUser() throws {
        #expect(try ReplCommand.parse("/as me  hi there", side: .them) == .command(.asOtherSide(text: "hi there")))
        #expect(try ReplCommand.parse("/as ME hi", side: .them) == .command(.asOtherSide(text: "hi")))
        #expect(throws: CommandError("/as only knows \"me\" (the other side)", usage: "/as me TEXT")) {
            try ReplCommand.parse("/as them hi", side: .them)
        }
        #expect(throws: CommandError("/as me needs the text of the message", usage: "/as me TEXT")) {
            try ReplCommand.parse("/as me", side: .them)
        }
        #expect(ReplCompletion.candidates(textBeforeCursor: "/as ", titles: [], side: .them) == .words(["me"]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/as t", titles: [], side: .them) == .words([]))
    }

    @Test func helpListsEveryCommand() {
        let help = ReplCommandSpec.helpLines().joined(separator: "\n")
        for spec in ReplCommandSpec.all {
            #expect(help.contains("/" + spec.name))
        }
    }

    @Test func completion() {
        #expect(ReplCompletion.candidates(textBeforeCursor: "/gr", titles: []) == .words(["/grouping"]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/", titles: []) == .words(ReplCommandSpec.all.map { "/" + $0.name }))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/bot ex", titles: []) == .files)
        #expect(ReplCompletion.candidates(textBeforeCursor: "/open we", titles: ["work", "weekend", "west"])
            == .words(["weekend", "west"]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/as t", titles: []) == .words(["them"]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/grouping section=1h c", titles: []) == .words(["cluster="]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "hello", titles: []) == .none)
    }
}
