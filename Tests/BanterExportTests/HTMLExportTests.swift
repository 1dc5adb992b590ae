import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport
@testable import BanterTheme

@Suite("HTML export")
struct HTMLExportTests {
    private let html = ReferenceTranscript.export().rendered(as: .html)

    @Test("a self-contained page: charset, title, inline style, no scripts or external resources")
    func selfContained() {
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(html.contains("<title>Alisha &amp; me</title>"))
        #expect(html.contains("<style>"))
        for forbidden in ["<script", "src=", "href=", "url(", "@import", "<link"] {
            #expect(!html.contains(forbidden), "found \(forbidden)")
        }
    }

    @Test("hostile text is escaped and neutralised")
    func hostileText() {
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("**bold** and [link](javascript:x) &amp; &quot;quotes&quot; &#39;too&#39;"))
        #expect(html.contains("ESC ␛[31mred␛[0m, bell␇, CSI &lt;U+009B&gt;2J"))
        #expect(html.contains(">bidi gnp.exe done<"))
        #expect(!html.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        #expect(
            !html.unicodeScalars.contains {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            })
    }

    @Test("clusters: sides, tail only on the last bubble, emoji-only without bubble, system lines")
    func clusters() {
        #expect(
            html.contains(
                """
                <div class="cluster them">
                <div class="bubble" dir="auto">Hey! How was your weekend?</div>
                <div class="bubble tail" dir="auto">I went to the farmers market 🌽🍅</div>
                </div>
                """))
        #expect(
            html.contains(
                """
                <div class="cluster me">
                <div class="bubble" dir="auto">Great, went hiking
                """))
        #expect(html.contains("<div class=\"emoji\" dir=\"auto\">👍🏽</div>"))
        #expect(html.contains("<div class=\"emoji\" dir=\"auto\">👨‍👩‍👧‍👦🇫🇷❤️</div>"))
        #expect(
            html.contains(
                "<div class=\"cluster system\">\n<p class=\"system-line\" dir=\"auto\">You matched with Alisha 🌹</p>"))
        #expect(html.components(separatedBy: "<section>").count == 4)
        #expect(html.contains("<h2 class=\"section-header\" dir=\"auto\">Today 14:05</h2>"))
    }

    @Test("the status appears once, under the last sent message")
    func status() {
        #expect(html.components(separatedBy: "class=\"status").count == 2)
        #expect(
            html.contains(
                "keycap 1️⃣ done</div>\n<p class=\"status delivered\">Delivered ✓✓</p>\n</div>\n</section>\n</main>"))
    }

    @Test("the avatar colour reaches the style attribute only when it is #RRGGBB")
    func avatarColour() {
        #expect(html.contains("<div class=\"avatar\" style=\"background: #7A5CFA\">A</div>"))
        let hostile = TranscriptExport(
            conversation: ReferenceTranscript.conversation,
            participant: Participant(name: "Eve", color: "red\" onload=\"x"),
            messages: [], headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now
        ).rendered(as: .html)
        #expect(hostile.contains("style=\"background: #8E8E93\""))
        #expect(!hostile.contains("onload"))
    }

    @Test("the page is drawn in the theme's colours: dark page, outlined bubbles in mono")
    func themeColours() {
        func page(_ theme: BuiltInTheme) -> String {
            TranscriptExport(
                conversation: ReferenceTranscript.conversation, participant: ReferenceTranscript.participant,
                messages: ReferenceTranscript.messages, headerFormatter: ReferenceDay.formatter,
                now: ReferenceDay.now
            ).rendered(as: .html, palette: theme.palette)
        }
        let dark = page(.dark)
        #expect(
            dark.contains(
                ".chat { max-width: 640px; min-height: 100vh; margin: 0 auto; padding: 0 16px 32px; background: #1C1C1E; }"
            ))
        #expect(dark.contains(".me .bubble { background: #C62E4A; color: #FFFFFF; }"))
        #expect(dark.contains(".status.read { color: #FF6B81; }"))
        let mono = page(.mono)
        #expect(mono.contains(".me .bubble { border: 1px solid #000000; color: #000000; }"))
        #expect(mono.contains(".me .bubble.tail::before, .me .bubble.tail::after { content: none; }"))
        #expect(
            mono.contains(
                ".section-header { margin: 24px 0 10px; text-align: center; font-size: 12px; font-weight: 600; color: #000000; font-weight: 700; }"
            ))
        #expect(!mono.contains("#D42E5B"))
    }
}
