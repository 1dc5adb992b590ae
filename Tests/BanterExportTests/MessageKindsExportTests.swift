import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

@Suite("Exports of message kinds")
struct MessageKindsExportTests {
    /// A 1×1 PNG.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!

    /// The shared message-kinds exchange with the texts an export must escape: HTML in the
    /// caption and the file name, a link with markup characters, inline markup.
    static let messages: [Message] = MessageKindsConversation.messages(
        conversationID: 7, caption: "The menu <b>tonight</b>", pictureBytes: png.count,
        pictureSize: PixelSize(width: 1, height: 1), fileName: "wine <list>.pdf",
        answer: "Looks *great*, see https://example.com/?a=1&b=<2> and `code`")

    static var export: TranscriptExport {
        ReferenceTranscript.export(messages: messages)
    }

    @Test("goldens", arguments: [ExportFormat.markdown, .html])
    func goldens(format: ExportFormat) throws {
        let text = Self.export.rendered(as: format, attachments: [1: Self.png])
        try GoldenFolder.exports.check(text, named: "kinds.\(format.fileExtension)")
    }

    @Test func htmlEmbedsPicturesAndListsFiles() {
        let html = Self.export.rendered(as: .html, attachments: [1: Self.png])
        #expect(html.contains("src=\"data:image/png;base64,\(Self.png.base64EncodedString())\""))
        #expect(
            html.contains(
                "<span class=\"file-name\">wine &lt;list&gt;.pdf</span><span class=\"file-details\">application/pdf · 1.2 MiB</span>"
            ))
        #expect(html.contains("<strong>great</strong>"))
        #expect(
            html.contains(
                "<a href=\"https://example.com/?a=1&amp;b=\" rel=\"nofollow noopener noreferrer\">https://example.com/?a=1&amp;b=</a>&lt;2&gt;"
            ))
        #expect(html.contains("<code>code</code>"))
        #expect(html.contains("<span class=\"edited\">edited</span>"))
        #expect(html.contains("message deleted"))
        #expect(html.contains("<span class=\"reaction\">❤️ 2</span><span class=\"reaction\">😂</span>"))
        #expect(!html.contains("<b>"))
    }

    /// Pictures embed whatever size the store's chunks are: the base64 of the whole file.
    @Test func picturesEncodeAcrossChunks() {
        let bytes = Data((0..<100_000).map { UInt8($0 % 253) })
        var messages = Self.messages
        messages[0].attachment?.byteCount = bytes.count
        let html = ReferenceTranscript.export(messages: messages).rendered(as: .html, attachments: [1: bytes])
        #expect(html.contains(bytes.base64EncodedString()))
    }

    @Test func markdownKeepsTextAsWritten() {
        let markdown = Self.export.rendered(as: .markdown)
        #expect(markdown.contains("Looks \\*great\\*"))
        #expect(markdown.contains("📄 wine \\<list\\>.pdf (application/pdf, 1\\.2 MiB)"))
        #expect(markdown.contains("_message deleted_"))
        #expect(markdown.contains("_(edited)_"))
        #expect(markdown.contains("_reactions:_ ❤️ 2 · 😂"))
    }
}
