import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

@Suite("Markdown export")
struct MarkdownExportTests {
    private func markdown(_ texts: [(Sender, String)]) -> String {
        let messages = texts.enumerated().map { index, entry in
            Message(
                id: Int64(index + 1), conversationID: 7, sender: entry.0, text: entry.1,
                sentAt: ReferenceDay.at(dayOffset: 0, 12, Int64(index)), status: .read
            )
        }
        return ReferenceTranscript.export(messages: messages).rendered(as: .markdown)
    }

    @Test("structure: title, section headings, who wrote each line, clusters, status")
    func structure() {
        let text = ReferenceTranscript.export().rendered(as: .markdown)
        let lines = text.components(separatedBy: "\n")
        #expect(lines.first == "# Alisha \\& me")
        #expect(lines.filter { $0.hasPrefix("### ") } == ["### Yesterday 09:59", "### Today 14:05", "### Today 19:30"])
        #expect(
            text.contains("**Alisha:** Hey! How was your weekend?\\\n**Alisha:** I went to the farmers market 🌽🍅\n"))
        #expect(text.contains("_You matched with Alisha 🌹_"))
        #expect(text.hasSuffix("**You:** Family 👨‍👩‍👧‍👦 flags 🇫🇷🇯🇵 keycap 1️⃣ done\\\n_Delivered ✓✓_\n"))
        #expect(text.components(separatedBy: "✓").count == 3, "only the last sent message shows its status")
    }

    @Test func aGroupsMessagesCarryTheirSendersNames() {
        let text = markdown([
            (.me, "quiz time?"), (Sender(.them, participant: "Quizzy"), "Question 1"),
            (Sender(.them, participant: "Bob *the* builder"), "Canberra"), (.them, "unnamed"),
        ])
        #expect(text.contains("**Quizzy:** Question 1"), "\(text)")
        #expect(text.contains("**Bob \\*the\\* builder:** Canberra"), "names are escaped: \(text)")
        #expect(text.contains("**Alisha:** unnamed"), "a message naming nobody is the other side's")
    }

    @Test(
        "Markdown syntax in messages is escaped",
        arguments: [
            ("<script>alert(1)</script>", "\\<script\\>alert(1)\\</script\\>"),
            ("**bold**", "\\*\\*bold\\*\\*"),
            ("[link](javascript:x)", "\\[link\\](javascript:x)"),
            ("![img](http://x/y.png)", "!\\[img\\](http://x/y.png)"),
            (
                "`code` ~~gone~~ a|b __u__ &amp; #tag \\",
                "\\`code\\` \\~\\~gone\\~\\~ a\\|b \\_\\_u\\_\\_ \\&amp; \\#tag \\\\"
            ),
        ])
    func escaping(input: String, expected: String) {
        #expect(markdown([(.them, input)]).contains("**Alisha:** \(expected)\n"))
    }

    @Test("continuation lines cannot start blocks")
    func lineStarts() {
        let text = markdown([(.me, "x\n- item\n+ item\n12. item\n3) item\n=====\n> quote\n    # heading")])
        #expect(
            text.contains(
                "**You:** x\\\n\\- item\\\n\\+ item\\\n12\\. item\\\n3\\) item\\\n\\=====\\\n\\> quote\\\n    \\# heading\\\n_Read ✓✓_\n"
            ))
    }

    @Test("trailing line breaks are dropped so the paragraph does not end in a backslash")
    func trailingBreaks() {
        let text = markdown([(.them, "hi\n\n  \n"), (.them, "\n")])
        #expect(text.hasSuffix("\n**Alisha:** hi\n\n**Alisha:** \n"))
    }

    @Test("control characters and bidi overrides are neutralised like in the terminal")
    func controls() {
        let text = markdown([(.them, "a\u{1B}[31mb\u{07}\u{9B}c \u{202E}rev\u{202C}\u{2066}x\u{2069}\td\re")])
        #expect(text.contains("**Alisha:** a␛\\[31mb␇\\<U+009B\\>c revx    d␍e\n"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(
            !text.unicodeScalars.contains {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            })
    }

    @Test("system lines are italic per line, names and headers are escaped")
    func systemAndNames() {
        var conversation = ReferenceTranscript.conversation
        conversation.rules.headerPattern = "*{time}*"
        let message = Message(
            id: 1, conversationID: 7, sender: .system, text: "_oops_\n\n  two  ",
            sentAt: ReferenceDay.at(dayOffset: 0, 9, 0))
        let export = TranscriptExport(
            conversation: conversation, participant: Participant(name: "[Bob](x)"), messages: [message],
            headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now
        )
        let text = export.rendered(as: .markdown)
        #expect(text.contains("### \\*09:00\\*\n"))
        #expect(text.contains("\n_\\_oops\\__\\\n\\\n_two_\n"))
        let reply = Message(
            id: 2, conversationID: 7, sender: .them, text: "hi", sentAt: ReferenceDay.at(dayOffset: 0, 9, 1))
        let withReply = TranscriptExport(
            conversation: conversation, participant: Participant(name: "[Bob](x)"), messages: [message, reply],
            headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now
        )
        #expect(withReply.rendered(as: .markdown).contains("**\\[Bob\\](x):** hi\n"))
    }
}
