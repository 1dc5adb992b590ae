import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterScript
import BanterStore
import BanterTestSupport
import Foundation
import Testing

/// The bot API for files, quotes, reactions, edits and deletions, against a real session.
@Suite struct BotMessageKindTests {
    /// A 1×1 PNG header: enough for the size reader.
    static let png = Data(
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
            0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
        ])

    @Test func aBotSendsFilesFromItsFolderAndSeesWhatTheUserSent() throws {
        let fixture = try SessionFixture(
            title: "files",
            bot: """
                bot { name = "Chef" }
                on("^menu", function(msg, chat) chat:reply("Today's menu", { file = "img/menu.png" }) end)
                on("^bare", function(msg, chat) chat:reply(nil, { file = "img/menu.png" }) end)
                on("^escape (.*)", function(msg, chat, path)
                  local ok, problem = pcall(chat.reply, chat, "x", { file = path })
                  chat:reply(problem)
                end)
                fallback(function(msg, chat)
                  local a = msg.attachment
                  if a then chat:reply(a.name .. " " .. a.type .. " " .. a.size .. " " .. tostring(a.width) .. "x" .. tostring(a.height)) end
                end)
                """)
        try FileManager.default.createDirectory(atPath: fixture.folder.file("img"), withIntermediateDirectories: true)
        try Self.png.write(to: URL(fileURLWithPath: fixture.folder.file("img/menu.png")))
        let outside = fixture.folder.file("../secret-\(UUID().uuidString).txt")
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createSymbolicLink(
            atPath: fixture.folder.file("img/link.png"), withDestinationPath: "/etc/hostname")

        try fixture.session.send("menu please")
        let sent = try #require(fixture.session.messages.last)
        #expect(sent.sender == .them && sent.text == "Today's menu")
        #expect(
            sent.attachment
                == Attachment(
                    fileName: "menu.png", mediaType: "image/png", byteCount: Self.png.count,
                    pixelSize: PixelSize(width: 1, height: 1)))
        #expect(try fixture.store.attachmentContents(messageID: sent.id) == Self.png)
        try fixture.session.send("bare")
        #expect(fixture.session.messages.last?.attachment?.fileName == "menu.png")
        #expect(fixture.session.messages.last?.text == "")

        for (path, problem) in [
            ("../bot.lua", "'file' must be a path inside the bot's folder"), ("/etc/hostname", "no absolute paths"),
            ("img/link.png", "leads outside the bot's folder"), ("img", "is not a regular file"),
            ("nope.png", "no file \"nope.png\""),
        ] {
            fixture.clearEvents()
            try fixture.session.send("escape \(path)")
            #expect(fixture.takeAdded().last?.contains(problem) == true, "\(path)")
        }

        let userFile = fixture.folder.file("photo.png")
        try Self.png.write(to: URL(fileURLWithPath: userFile))
        fixture.clearEvents()
        try fixture.session.sendAttachment(path: userFile, caption: "look")
        #expect(fixture.takeAdded().last == "them: photo.png image/png \(Self.png.count) 1x1")
    }

    @Test func aBotQuotesReactsAndChangesItsOwnMessages() throws {
        let fixture = try SessionFixture(
            title: "kinds",
            bot: """
                bot { name = "B" }
                on("^typo", function(msg, chat)
                  local sent = chat:reply("Helo")
                  chat:edit(sent, "Hello")
                  local gone = chat:reply("oops")
                  gone = chat:delete(gone)
                  chat:reply(tostring(gone.deleted) .. " " .. gone.text .. "|")
                end)
                on("^not yours", function(msg, chat)
                  local ok, problem = pcall(chat.edit, chat, msg, "mine")
                  chat:reply(problem)
                end)
                fallback(function(msg, chat)
                  chat:react(msg, "❤️")
                  chat:react(msg, "❤️")
                  chat:reply("Quoting you", { quote = msg })
                  if msg.quote then chat:reply("you quoted: " .. msg.quote.text) end
                end)
                """)
        let question = try #require(try fixture.session.send("Dinner?"))
        let stored = try #require(try fixture.store.message(id: question.id))
        #expect(stored.reactions.map { "\($0.sender.role.rawValue) \($0.emoji)" } == ["them ❤️"])
        let quoting = try #require(fixture.session.messages.last)
        #expect(quoting.quote == Quote(messageID: question.id, sender: .me, excerpt: "Dinner?"))

        try fixture.session.reply(to: quoting, text: "sure")
        #expect(fixture.session.messages.last?.text == "you quoted: Quoting you")

        fixture.clearEvents()
        try fixture.session.send("typo")
        let texts = fixture.session.messages.suffix(3).map {
            "\($0.text)\($0.isEdited ? " (edited)" : "")\($0.isDeleted ? " (deleted)" : "")"
        }
        #expect(texts == ["Hello (edited)", " (deleted)", "true |"])

        fixture.clearEvents()
        try fixture.session.send("not yours")
        #expect(fixture.takeAdded().last?.contains("is not yours; you can only edit your own messages") == true)
    }

    @Test func aBotIsToldAboutReactionsEditsAndDeletions() throws {
        let fixture = try SessionFixture(
            title: "told",
            bot: """
                bot { name = "B" }
                on("^react to me", function(msg, chat) chat:reply("react here") end)
                on_reaction(function(reaction, msg, chat)
                  chat:reply(reaction.from .. " " .. (reaction.added and "added " or "removed ") .. reaction.emoji .. " on " .. msg.text)
                end)
                on_edit(function(msg, chat) chat:reply("edited to " .. msg.text .. " " .. tostring(msg.edited)) end)
                on_delete(function(msg, chat) chat:reply("deleted " .. msg.id .. " " .. tostring(msg.deleted)) end)
                """)
        try fixture.session.send("react to me")
        let target = try #require(fixture.session.messages.last)
        fixture.clearEvents()
        try fixture.session.react(to: target, with: "👍")
        try fixture.session.react(to: target, with: "👍")
        let mine = try #require(try fixture.session.send("hello"))
        try fixture.session.edit(mine, text: "hello again")
        try fixture.session.delete(try #require(try fixture.store.message(id: mine.id)))
        #expect(
            fixture.takeAdded() == [
                "them: me added 👍 on react here", "them: me removed 👍 on react here", "me: hello",
                "them: edited to hello again true", "them: deleted \(mine.id) true",
            ])
    }

    @Test func tracesNameTheHandlerAReactionEditOrDeletionRan() throws {
        let fixture = try SessionFixture(
            title: "traced",
            bot: """
                bot { name = "B" }
                on_message(function(msg, chat) end)
                on_reaction(function(reaction, msg, chat) end)
                on_edit(function(msg, chat) end)
                on_delete(function(msg, chat) end)
                """)
        fixture.session.tracesHandlers = true
        let theirs = try #require(try fixture.session.receive("hello"))
        let mine = try #require(try fixture.session.send("hi"))
        fixture.clearEvents()
        try fixture.session.react(to: theirs, with: "👍")
        let edited = try fixture.session.edit(mine, text: "hi!")
        try fixture.session.delete(edited)
        let headlines = fixture.events.compactMap { event -> String? in
            if case .handlerTraced(let trace) = event { return trace.lines(showsElapsed: false).first }
            return nil
        }
        #expect(headlines.count == 3)
        #expect(headlines[0].hasPrefix("reaction 👍 added → on_reaction bot.lua:3"), "\(headlines)")
        #expect(headlines[1].hasPrefix("edited to \"hi!\" → on_edit bot.lua:4"), "\(headlines)")
        #expect(headlines[2].hasPrefix("message deleted → on_delete bot.lua:5"), "\(headlines)")
    }
}
