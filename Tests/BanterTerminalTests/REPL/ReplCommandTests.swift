import BanterCore
import Testing

@testable import BanterTerminal

@Suite struct ReplCommandTests {
    private func command<Command: ReplCommandDefinition>(_ line: String, as type: Command.Type, side: Side = .me) throws
        -> Command?
    {
        if case .command(let command) = try ReplInput.parse(line, context: ReplParseContext(side: side)) {
            return command as? Command
        }
        return nil
    }

    private func error(_ line: String, side: Side = .me) -> CommandError? {
        do {
            _ = try ReplInput.parse(line, context: ReplParseContext(side: side))
            return nil
        } catch {
            return error
        }
    }

    private func message(_ line: String) throws -> String? {
        if case .message(let text) = try ReplInput.parse(line) { return text }
        return nil
    }

    @Test func textIsAMessageAndBlankIsNothing() throws {
        #expect(try message("hello /there") == "hello /there")
        #expect(try message("//shrug") == "/shrug")
        for blank in ["  \t ", ""] {
            guard case .nothing = try ReplInput.parse(blank) else {
                Issue.record("\"\(blank)\" is not nothing")
                continue
            }
        }
    }

    @Test func commandsWithArguments() throws {
        #expect(try command("/bot bots/alisha.lua", as: BotCommand.self) == BotCommand(path: "bots/alisha.lua"))
        #expect(try command("/OPEN  weekend plans ", as: OpenCommand.self) == OpenCommand(title: "weekend plans"))
        #expect(try command("/new fresh", as: NewCommand.self) == NewCommand(title: "fresh"))
        #expect(try command("/as them  Hi there ", as: AsOtherSideCommand.self) == AsOtherSideCommand(text: "Hi there"))
        #expect(try command("/as THEM hi", as: AsOtherSideCommand.self) == AsOtherSideCommand(text: "hi"))
        #expect(try command("/wait 1h30m", as: WaitCommand.self) == WaitCommand(duration: .seconds(5400)))
        #expect(try command("/search pizza night", as: SearchCommand.self) == SearchCommand(text: "pizza night"))
        #expect(try command("/help grouping", as: HelpCommand.self) == HelpCommand(topic: "grouping"))
        #expect(try command("/help /wait", as: HelpCommand.self) == HelpCommand(topic: "wait"))
        #expect(try command("/help", as: HelpCommand.self) == HelpCommand(topic: nil))
    }

    /// `/chats` shows a deleted last message as such and a file by its name.
    @Test func chatsPreviewsTheLastMessage() {
        let time = Timestamp(millisecondsSince1970: 0)
        var message = Message(id: 1, conversationID: 1, sender: .them, text: "two\nlines", sentAt: time)
        #expect(ChatsCommand.preview(of: message) == "two lines")
        message.attachment = Attachment(
            fileName: "menu.png", mediaType: "image/png", byteCount: 70, pixelSize: PixelSize(width: 1, height: 1))
        #expect(ChatsCommand.preview(of: message) == "📷 menu.png two lines")
        message.text = ""
        #expect(ChatsCommand.preview(of: message) == "📷 menu.png")
        message.deletedAt = time
        #expect(ChatsCommand.preview(of: message) == "message deleted")
    }

    @Test func commandsWithoutArguments() throws {
        #expect(try command("/reload", as: ReloadCommand.self) != nil)
        #expect(try command("/chats", as: ChatsCommand.self) != nil)
        #expect(try command("/more", as: MoreCommand.self) != nil)
        #expect(try command("/clear", as: ClearCommand.self) != nil)
        #expect(try command("/quit", as: QuitCommand.self) != nil)
        #expect(try command("/exit", as: QuitCommand.self) != nil)
        #expect(error("/more please")?.usage == "/more")
        #expect(error("/quit now")?.message == "/quit takes no arguments")
    }

    @Test func groupingParsesQuotedHeadersAndValidates() throws {
        #expect(try command("/grouping", as: GroupingCommand.self) == GroupingCommand(change: GroupingChange()))
        #expect(
            try command("/grouping section=2h cluster=5s header=\"{date} {time}\"", as: GroupingCommand.self)
                == GroupingCommand(
                    change: GroupingChange(
                        sectionGap: .seconds(7200), clusterGap: .seconds(5), headerPattern: "{date} {time}")))
        #expect(
            try command("/grouping reset cluster=1m", as: GroupingCommand.self)
                == GroupingCommand(
                    change: GroupingChange(clusterGap: .seconds(60), resetsToDefaults: true)))
        #expect(error("/grouping cluster=soon")?.message.contains("cluster: invalid duration") == true)
        #expect(error("/grouping header=\"{nope}\"")?.message.contains("header:") == true)
        #expect(error("/grouping header=\"{day}")?.message == "a quote is not closed")
        #expect(error("/grouping colour=red")?.message.contains("unknown rule") == true)
        #expect(error("/grouping 2h")?.message.contains("key=value") == true)
    }

    @Test func groupingChangeAppliesOnlyWhatItSets() {
        let rules = GroupingRules(sectionGap: .seconds(100), clusterGap: .seconds(10), headerPattern: "{time}")
        #expect(
            GroupingChange(clusterGap: .seconds(1)).applied(to: rules)
                == GroupingRules(sectionGap: .seconds(100), clusterGap: .seconds(1), headerPattern: "{time}"))
        #expect(GroupingChange(resetsToDefaults: true).applied(to: rules) == GroupingRules())
        #expect(GroupingChange.describe(GroupingRules()) == "section=1h cluster=20s header=\"{day} {time}\"")
    }

    @Test func errorsSayWhatWasWrongAndTheUsage() {
        #expect(error("/frobnicate")?.message == "unknown command /frobnicate")
        #expect(error("/frobnicate")?.usage == "/help lists the commands")
        #expect(error("/gro")?.message == "unknown command /gro; did you mean /grouping?")
        #expect(error("/wait")?.description == "/wait needs a duration (usage: /wait DURATION)")
        #expect(error("/as me hi")?.usage == "/as them TEXT | /as NAME TEXT")
        #expect(error("/as me hi")?.message == "you already speak as me: just type the message")
        #expect(error("/as them")?.message == "/as them needs the text of the message")
        #expect(error("/bot")?.usage == "/bot FILE")
        #expect(error("/search   ")?.usage == "/search TEXT")
    }

    /// An unknown name never falls through to another command (it once became `/quit`).
    @Test func unknownCommandsSuggestTheNearestName() {
        #expect(error("/serach cats")?.message == "unknown command /serach; did you mean /search?")
        #expect(error("/qiut")?.message == "unknown command /qiut; did you mean /quit?")
        #expect(error("/exti")?.message == "unknown command /exti; did you mean /exit?")
        #expect(error("/zz")?.message == "unknown command /zz")
        #expect(error("/")?.message == "unknown command /")
        #expect(ReplCommandTable.editDistance("kitten", "sitting") == 3)
        #expect(ReplCommandTable.editDistance("", "abc") == 3)
        #expect(ReplCommandTable.editDistance("abc", "") == 3)
    }

    @Test func theTableHasOneEntryPerNameAndEveryCommandParsesItsOwnName() {
        let names = ReplCommandTable.all.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count)
        for definition in ReplCommandTable.all {
            #expect(definition.usage.hasPrefix("/" + definition.name))
            #expect(ReplCommandTable.named(definition.name).map(ObjectIdentifier.init) == ObjectIdentifier(definition))
        }
    }

    @Test func groupCommandsParse() throws {
        #expect(
            try command("/as Bob  hi there", as: AsOtherSideCommand.self)
                == AsOtherSideCommand(speaker: .participant("Bob"), text: "hi there"))
        #expect(
            try command("/as \"Mary Ann\" hi", as: AsOtherSideCommand.self)
                == AsOtherSideCommand(speaker: .participant("Mary Ann"), text: "hi"))
        #expect(error("/as Bob")?.message == "/as Bob needs the text of the message")
        #expect(
            try command("/invite bots/quiz.lua", as: InviteCommand.self)
                == InviteCommand(guest: .bot(path: "bots/quiz.lua", name: nil)))
        #expect(
            try command("/invite quiz.lua as Quiz Master", as: InviteCommand.self)
                == InviteCommand(guest: .bot(path: "quiz.lua", name: "Quiz Master")))
        #expect(try command("/invite Bob", as: InviteCommand.self) == InviteCommand(guest: .person("Bob")))
        #expect(
            error("/invite quiz.lua like Quiz")?.message
                == "after the bot's file comes \"as NAME\" or nothing, not \"like Quiz\"")
        #expect(error("/invite")?.usage == InviteCommand.usage)
        #expect(try command("/kick Bob", as: KickCommand.self) == KickCommand(participant: "Bob"))
        #expect(error("/kick")?.message == "/kick needs the name of someone in the group (/who lists them)")
        #expect(error("/who everyone")?.message == "/who takes no arguments")
    }

    @Test func speakingAsThemAsNamesTheUser() throws {
        #expect(
            try command("/as me  hi there", as: AsOtherSideCommand.self, side: .them)
                == AsOtherSideCommand(text: "hi there"))
        #expect(try command("/as ME hi", as: AsOtherSideCommand.self, side: .them) == AsOtherSideCommand(text: "hi"))
        #expect(
            error("/as them hi", side: .them)
                == CommandError(
                    "you already speak as them: just type the message", usage: "/as me TEXT | /as NAME TEXT"))
        #expect(
            error("/as me", side: .them)
                == CommandError("/as me needs the text of the message", usage: "/as me TEXT | /as NAME TEXT"))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/as ", titles: [], side: .them) == .words(["me"]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/as t", titles: [], side: .them) == .words([]))
    }

    @Test func helpListsEveryCommand() {
        let help = ReplCommandTable.helpLines().joined(separator: "\n")
        for definition in ReplCommandTable.all {
            #expect(help.contains("/" + definition.name + " "))
            #expect(help.contains(definition.summary))
        }
    }

    @Test func completion() {
        #expect(ReplCompletion.candidates(textBeforeCursor: "/gr", titles: []) == .words(["/grouping"]))
        #expect(
            ReplCompletion.candidates(textBeforeCursor: "/", titles: [])
                == .words(ReplCommandTable.all.map { "/" + $0.name }))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/bot ex", titles: []) == .files)
        #expect(
            ReplCompletion.candidates(textBeforeCursor: "/open we", titles: ["work", "weekend", "west"])
                == .words(["weekend", "west"]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/as t", titles: []) == .words(["them"]))
        #expect(
            ReplCompletion.candidates(textBeforeCursor: "/grouping section=1h c", titles: []) == .words(["cluster="]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/help gr", titles: []) == .words(["grouping"]))
        #expect(ReplCompletion.candidates(textBeforeCursor: "/EXIT ", titles: []) == .none)
        #expect(ReplCompletion.candidates(textBeforeCursor: "/nope x", titles: []) == .none)
        #expect(ReplCompletion.candidates(textBeforeCursor: "hello", titles: []) == .none)
    }
}
