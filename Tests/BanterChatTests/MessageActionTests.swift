import BanterChatTestSupport
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterChat

/// References, and what the person at the prompt does to messages: files, replies,
/// reactions, edits and deletions.
@Suite struct MessageActionTests {
    @Test func referencesParseAndSplit() throws {
        #expect(MessageReference.parse("") == .newest)
        #expect(MessageReference.parse("-2") == .newestBut(2))
        #expect(MessageReference.parse("#41") == .id(41))
        for bad in ["-0", "#0", "#x", "-", "2", "#1e3", "-١"] { #expect(MessageReference.parse(bad) == nil, "\(bad)") }
        #expect(try MessageReference.splitLeading("-2 👍") == (.newestBut(2), "👍"))
        #expect(try MessageReference.splitLeading("#7 sounds good") == (.id(7), "sounds good"))
        #expect(try MessageReference.splitLeading("sounds good") == (.newest, "sounds good"))
        #expect(try MessageReference.splitLeading("#hashtag party") == (.newest, "#hashtag party"))
        #expect(try MessageReference.splitLeading("-") == (.newest, "-"))
        #expect(throws: ChatError.invalidReference("#12x")) { try MessageReference.splitLeading("#12x hi") }
        #expect(throws: ChatError.invalidReference("-0")) { try MessageReference.splitLeading("-0 hi") }
    }

    @Test func referencesCountTheMessagesTheActionAppliesTo() throws {
        let fixture = try SessionFixture(title: "refs")
        let session = fixture.session
        let mine1 = try #require(try session.send("mine 1"))
        let theirs1 = try #require(try session.receive("theirs 1"))
        let mine2 = try #require(try session.send("mine 2"))
        let theirs2 = try #require(try session.receive("theirs 2"))
        #expect(try session.resolve(.newest, for: .react) == theirs2)
        #expect(try session.resolve(.newestBut(2), for: .reply) == theirs1)
        #expect(try session.resolve(.newest, for: .edit) == mine2)
        #expect(try session.resolve(.newestBut(2), for: .delete) == mine1)
        #expect(try session.resolve(.id(mine1.id), for: .copy) == mine1)
        #expect(throws: ChatError.noSuchMessage("-3: there are only 2 messages of yours to edit")) {
            try session.resolve(.newestBut(3), for: .edit)
        }
        #expect(throws: ChatError.noSuchMessage("there are no messages with an attachment to open")) {
            try session.resolve(.newest, for: .openAttachment)
        }
        #expect(throws: ChatError.noSuchMessage("there is no message #999 in this conversation (/ids on shows ids)")) {
            try session.resolve(.id(999), for: .react)
        }
        #expect(
            throws: ChatError.messageNotAllowed(
                "message #\(theirs1.id) is not yours; you can only edit your own messages")
        ) {
            try session.resolve(.id(theirs1.id), for: .edit)
        }
        try session.delete(mine2)
        #expect(try session.resolve(.newest, for: .edit) == mine1, "deleted messages do not count")
        #expect(throws: ChatError.messageNotAllowed("message #\(mine2.id) was deleted")) {
            try session.resolve(.id(mine2.id), for: .edit)
        }
        _ = try session.sendAttachment(named: "a.txt", contents: Data("a".utf8))
        #expect(throws: ChatError.noSuchMessage("-2: there is only 1 message with an attachment to open")) {
            try session.resolve(.newestBut(2), for: .openAttachment)
        }
    }

    @Test func referencesReachPagesThatAreNotLoaded() throws {
        let fixture = try SessionFixture(title: "deep", options: ChatSessionOptions(pageSize: 2))
        let first = try #require(try fixture.session.receive("first"))
        for index in 0..<5 { try fixture.session.send("filler \(index)") }
        try fixture.session.loadLatestPage()
        #expect(try fixture.session.resolve(.newest, for: .react) == first)
    }

    @Test func filesAreCopiedDescribedAndReadBack() throws {
        let fixture = try SessionFixture(title: "files")
        let png: [UInt8] =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
            + [0, 0, 0, 4, 0, 0, 0, 3, 8, 6, 0, 0, 0]
        let path = try fixture.folder.write("menu.png", String(decoding: [], as: UTF8.self))
        try Data(png).write(to: URL(fileURLWithPath: path))
        let message = try fixture.session.sendAttachment(path: path, caption: "  today  ")
        #expect(message.text == "today")
        #expect(
            message.attachment
                == Attachment(
                    fileName: "menu.png", mediaType: "image/png", byteCount: png.count,
                    pixelSize: PixelSize(width: 4, height: 3)))
        #expect(fixture.events == [.messageAdded(message)])
        try Data(png).write(to: URL(fileURLWithPath: path + ".bak"))
        #expect(try fixture.session.attachmentContents(of: message) == Data(png))
        #expect(try fixture.session.resolve(.newest, for: .openAttachment) == message)

        #expect(throws: ChatError.cannotReadFile(path: "/no/such/file", reason: "no such file")) {
            try fixture.session.sendAttachment(path: "/no/such/file")
        }
        #expect(throws: ChatError.cannotReadFile(path: fixture.folder.path, reason: "it is not a regular file")) {
            try fixture.session.sendAttachment(path: fixture.folder.path)
        }
        let big = fixture.folder.file("big.bin")
        _ = FileManager.default.createFile(atPath: big, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
        try handle.truncate(atOffset: UInt64(ChatStore.maximumAttachmentBytes + 1))
        try handle.close()
        #expect(
            throws: ChatError.store(
                .attachmentTooLarge(
                    fileName: "big.bin", byteCount: ChatStore.maximumAttachmentBytes + 1,
                    limit: ChatStore.maximumAttachmentBytes))
        ) { try fixture.session.sendAttachment(path: big) }
        #expect(fixture.session.messages.count == 1)
    }

    @Test func repliesReactionsEditsAndDeletionsAreStoredAndPublished() throws {
        let fixture = try SessionFixture(title: "kinds")
        let session = fixture.session
        let question = try #require(try session.receive("Dinner at 8?"))
        fixture.clearEvents()
        let reply = try #require(try session.reply(to: question, text: "Yes!"))
        #expect(reply.quote == Quote(messageID: question.id, sender: .them, excerpt: "Dinner at 8?"))
        let (reacted, added) = try session.react(to: question, with: "👍")
        #expect(added && reacted.reactions.map(\.emoji) == ["👍"])
        let (unreacted, stillThere) = try session.react(to: question, with: "👍")
        #expect(!stillThere && unreacted.reactions.isEmpty)
        #expect(throws: ChatError.invalidEmoji("ok")) { try session.react(to: question, with: "ok") }
        let edited = try session.edit(reply, text: "Yes, see you!")
        #expect(edited.isEdited && edited.text == "Yes, see you!")
        #expect(throws: ChatError.emptyEdit) { try session.edit(reply, text: "  ") }
        #expect(
            throws: ChatError.messageNotAllowed(
                "message #\(question.id) is not yours; you can only edit your own messages")
        ) {
            try session.edit(question, text: "mine now")
        }
        let deleted = try session.delete(edited)
        #expect(deleted.isDeleted && deleted.text.isEmpty)
        #expect(
            fixture.events == [
                .messageAdded(reply), .messageUpdated(reacted), .messageUpdated(unreacted), .messageUpdated(edited),
                .messageUpdated(deleted),
            ])
        #expect(session.messages == [question, deleted])
        #expect(throws: ChatError.messageNotAllowed("message #\(deleted.id) was deleted")) {
            try session.react(to: deleted, with: "👍")
        }
    }

    /// Two sessions on one database file (two terminals): reactions, edits and deletions
    /// made in one show in the other at its next poll, each as one update.
    @Test func anotherProcessSeesReactionsEditsAndDeletions() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("chat.sqlite")
        let mine = try SessionFixture(title: "shared", store: try ChatStore(path: path))
        let theirs = try SessionFixture(
            title: "shared", store: try ChatStore(path: path),
            options: ChatSessionOptions(side: .them, timeZone: TimeZone(identifier: "UTC")!))
        let hello = try #require(try mine.session.send("hello"))
        let answer = try #require(try theirs.session.send("hi!"))
        #expect(try theirs.session.pollExternalChanges())
        #expect(try mine.session.pollExternalChanges())
        mine.clearEvents()

        let (reacted, _) = try theirs.session.react(to: hello, with: "❤️")
        #expect(try mine.session.pollExternalChanges())
        #expect(mine.events == [.messageUpdated(reacted)])

        let edited = try mine.session.edit(hello, text: "hello there")
        #expect(edited.reactions.map(\.emoji) == ["❤️"])
        theirs.clearEvents()
        #expect(try theirs.session.pollExternalChanges())
        #expect(theirs.events == [.messageUpdated(edited)])
        try theirs.session.delete(answer)
        mine.clearEvents()
        #expect(try mine.session.pollExternalChanges())
        #expect(mine.events.count == 1)
        #expect(mine.session.messages.last?.isDeleted == true)
        #expect(try mine.session.pollExternalChanges() == false)
    }
}
