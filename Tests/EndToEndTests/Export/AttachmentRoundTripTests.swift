import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterStore

/// `banter export --format json` then `banter import` on the real binary, with every
/// message kind: attachments come back byte for byte (one larger than a stored chunk, one
/// empty), and reactions, quotes, edits and deletions exactly.
@Suite struct AttachmentRoundTripTests {
    @Test func everyKindSurvivesExportAndImport() throws {
        let fixture = try ChatFixture()
        let source = fixture.path("source.sqlite")
        let store = try ChatStore(path: source)
        let conversation = try store.createConversation(
            title: "kinds", createdAt: Timestamp(millisecondsSince1970: 1_795_000_000_000))
        let start = conversation.createdAt
        var random = SeededGenerator(seed: 1313)
        let big = Data(
            (0..<(ChatStore.attachmentChunkSize * 2 + 321)).map { _ in UInt8.random(in: 0...255, using: &random) })
        let png = Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8) + [
                0, 0, 0, 9, 0, 0, 0, 4, 8, 6, 0, 0, 0,
            ])

        let question = try store.append(
            conversationID: conversation.id, sender: .them, text: "Send the files?", sentAt: start)
        let file = try store.append(
            NewMessage(
                conversationID: conversation.id, sender: .me, text: "here: notes", sentAt: start + .seconds(5),
                attachment: Attachment(fileName: "notes.bin", mediaType: "application/octet-stream", byteCount: 0),
                quote: Quote(quoting: question)),
            attachmentContents: big)
        let picture = try store.append(
            NewMessage(
                conversationID: conversation.id, sender: .me, text: "", sentAt: start + .seconds(6),
                attachment: Attachment.describing(fileName: "dot.png", header: [UInt8](png), byteCount: png.count)),
            attachmentContents: png)
        let empty = try store.append(
            NewMessage(
                conversationID: conversation.id, sender: .them, text: "empty one", sentAt: start + .seconds(7),
                attachment: Attachment(fileName: "empty.txt", mediaType: "text/plain", byteCount: 0)),
            attachmentContents: Data())
        _ = try store.react(messageID: file.id, emoji: "👍", sender: .them, at: start + .seconds(8))
        _ = try store.react(messageID: file.id, emoji: "🎉", sender: .me, at: start + .seconds(9))
        try store.edit(messageID: file.id, text: "here: my notes", at: start + .seconds(10))
        let gone = try store.append(
            conversationID: conversation.id, sender: .me, text: "oops secret", sentAt: start + .seconds(11))
        try store.delete(messageID: gone.id, at: start + .seconds(12))
        try store.delete(messageID: question.id, at: start + .seconds(13))

        let json = fixture.path("kinds.json")
        let export = try BanterBinary.run([
            "export", "--db", source, "--conversation", "kinds", "--format", "json", "-o", json, "--page-size", "2",
        ])
        #expect(export.status == 0, "\(export.standardError)")
        let text = try String(contentsOfFile: json, encoding: .utf8)
        #expect(!text.contains("oops secret"), "a deleted message's text is not exported")
        #expect(
            text.contains(#""quote":{"id":\#(question.id),"sender":"them","text":"Send the files?"}"#),
            "a quote outlives its original")

        let target = fixture.path("target.sqlite")
        let imported = try BanterBinary.run(["import", json, "--db", target])
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "Imported 5 messages into \"kinds\".\n")

        let copy = try ChatStore(path: target)
        let copied = try #require(try copy.conversation(titled: "kinds"))
        let before = try store.latestPage(conversationID: conversation.id, limit: 100).messages
        let after = try copy.latestPage(conversationID: copied.id, limit: 100).messages
        #expect(after.count == before.count)
        for (original, back) in zip(before, after) {
            var expected = original
            expected.id = back.id
            expected.conversationID = copied.id
            if var quote = expected.quote {
                quote.messageID = try #require(
                    after.first { $0.sentAt == before.first { $0.id == quote.messageID }?.sentAt }?.id)
                expected.quote = quote
            }
            #expect(back == expected)
            if original.attachment != nil {
                #expect(
                    try copy.attachmentContents(messageID: back.id) == store.attachmentContents(messageID: original.id),
                    "\(original.attachment?.fileName ?? "")")
            }
        }
        #expect(try copy.attachmentContents(messageID: after[1].id) == big)
        #expect(try copy.attachmentContents(messageID: after[2].id) == png)
        #expect(try copy.attachmentContents(messageID: after[3].id) == Data())
        #expect(after[2].attachment?.pixelSize == PixelSize(width: 9, height: 4))
        #expect(picture.id > 0 && empty.id > 0)

        // The copy exports to the same lines (but the header's "now" and the ids).
        let again = fixture.path("again.json")
        #expect(
            try BanterBinary.run(["export", "--db", target, "--conversation", "kinds", "--format", "json", "-o", again])
                .status == 0)
        let strip = { (file: String) throws -> [String] in
            try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst()
                .map { String($0).replacing(/"(id|message_id)":\d+/, with: "ID") }
        }
        #expect(try strip(again) == strip(json))
    }
}
