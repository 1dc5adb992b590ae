import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

/// Buttons, quick replies and cards in the HTML and Markdown exports (issue 27): drawn like
/// a chat app's, every label escaped, only http, https and mailto links made links.
@Suite("Exports of buttons and cards")
struct ActionsExportTests {
    static var messages: [Message] {
        var messages = ActionsConversation.messages(conversationID: 7)
        var hostile = Message(
            id: 6, conversationID: 7, sender: .them, text: "", sentAt: ActionsConversation.at(19, 3))
        hostile.actions = MessageActions(
            buttons: [
                ActionButton(label: "<script>alert(1)</script>", payload: "x"),
                ActionButton(label: "Run", url: "javascript:alert(1)"),
                ActionButton(label: "Go", url: "javascript:go"),
            ],
            card: ActionCard(title: "<b>Bold</b> & co"))
        messages.append(hostile)
        return messages
    }

    static var export: TranscriptExport { ReferenceTranscript.export(messages: messages) }

    @Test("goldens", arguments: [ExportFormat.markdown, .html])
    func goldens(format: ExportFormat) throws {
        let text = Self.export.rendered(as: format, attachments: [1: MessageKindsExportTests.png])
        try GoldenFolder.exports.check(text, named: "actions.\(format.fileExtension)")
    }

    @Test func htmlDrawsTheCardWithItsPictureAndTheChips() {
        let html = Self.export.rendered(as: .html, attachments: [1: MessageKindsExportTests.png])
        #expect(html.contains("<div class=\"card\" dir=\"auto\"><img class=\"picture\""))
        #expect(html.contains("<span class=\"card-title\">Margherita</span>"))
        #expect(
            html.contains(
                "<a class=\"button link\" href=\"https://example.com/menu\" rel=\"noopener noreferrer\">Menu ↗</a>"))
        // Quick replies are gone once something follows, as in the chat.
        #expect(!html.contains("quick-reply\">Later") && !html.contains("quick-reply\">Small"))
        #expect(html.contains("<span class=\"button\">&lt;script&gt;alert(1)&lt;/script&gt;</span>"))
        #expect(html.contains("<span class=\"button\">Run</span>"), "a javascript: URL is not a link")
        #expect(!html.contains("javascript:"))
        #expect(html.contains("&lt;b&gt;Bold&lt;/b&gt; &amp; co"))
        // The picture is drawn once, in the card, not in the bubble above it too.
        #expect(html.components(separatedBy: "class=\"picture\"").count == 2)
    }

    @Test func htmlDrawsTheQuickRepliesOfTheLastMessageOnly() {
        let messages = Array(ActionsConversation.messages(conversationID: 7).prefix(3))
        let html = ReferenceTranscript.export(messages: messages).rendered(
            as: .html, attachments: [1: MessageKindsExportTests.png])
        #expect(html.contains("<span class=\"quick-reply\">Small</span>"))
        #expect(html.components(separatedBy: "class=\"quick-reply\"").count == 4)
    }

    @Test func markdownListsTheQuickRepliesOfTheLastMessageOnly() {
        let messages = Array(ActionsConversation.messages(conversationID: 7).prefix(3))
        let markdown = ReferenceTranscript.export(messages: messages).rendered(as: .markdown, attachments: [:])
        #expect(markdown.contains("_quick replies:_ [Small] · [Medium] · [Large]"))
        #expect(markdown.components(separatedBy: "_quick replies:_").count == 2)
    }

    @Test func markdownListsThem() {
        let markdown = Self.export.rendered(as: .markdown, attachments: [:])
        #expect(markdown.contains("_buttons:_ [Yes] · [No]"))
        // Quick replies are listed on the newest message only: once anything follows, they
        // were answered.
        #expect(!markdown.contains("_quick replies:_"))
        #expect(markdown.contains("_card:_ **Margherita** · Tomato, mozzarella, basil · from 8 €"))
        #expect(markdown.contains("[Menu](https://example.com/menu)"))
        #expect(markdown.contains("[Run] · [Go]"), "javascript: URLs are not links")
    }
}
