import BanterCore
import BanterTestSupport
import BanterTheme
import Foundation

@testable import BanterTerminal

/// A conversation that exercises everything the renderer draws: sections, clusters, tails,
/// system lines, emoji-only messages, statuses, wrapping and complex Unicode.
enum ReferenceConversation {
    static let participant = Participant(name: "Alisha")

    static let messages: [Message] = ReferenceDay.messages(
        ReferenceDay.yesterday + [
            (.them, "日本語のテキストも大丈夫ですか？東京で会いましょう", ReferenceDay.at(dayOffset: 0, 14, 5), .sent),
            (
                .them, "Café naïve résumé, e\u{301}\u{301} and Z\u{351}\u{364}a\u{36B}lgo",
                ReferenceDay.at(dayOffset: 0, 14, 5, 12), .sent
            ),
            (.me, "Family 👨‍👩‍👧‍👦 flags 🇫🇷🇯🇵 skin 👍🏽👋🏿 keycap 1️⃣ heart ❤️ done", ReferenceDay.at(dayOffset: 0, 14, 6), .read),
            (.them, "مرحبا، كيف حالك؟", ReferenceDay.at(dayOffset: 0, 14, 7), .sent),
            (.them, "שלום עולם, מה שלומך?", ReferenceDay.at(dayOffset: 0, 14, 7, 5), .sent),
            (.them, "한국어도 돼요 😀", ReferenceDay.at(dayOffset: 0, 14, 7, 20), .sent),
            (
                .me, "Supercalifragilisticexpialidocious-and-then-some-more-characters-to-break",
                ReferenceDay.at(dayOffset: 0, 14, 9), .read
            ),
            (.me, "👨‍👩‍👧‍👦🇫🇷❤️", ReferenceDay.at(dayOffset: 0, 14, 9, 10), .read),
            (.system, "Alisha's script error at alisha.lua:12", ReferenceDay.at(dayOffset: 0, 14, 10), .sent),
            (.me, "line one\nline two\n\nafter a blank line", ReferenceDay.at(dayOffset: 0, 19, 30), .delivered),
        ], conversationID: 1)

    static var items: LayoutItems { Layout.items(for: messages, rules: GroupingRules()) }

    static func renderer(
        style: BorderStyle? = .rounded, colorMode: ColorMode = .none, model: WidthModel = .modern,
        perspective: Side = .me, palette: Palette = .standard, fillShapes: FillShapes = .halfBlocks
    ) -> TranscriptRenderer {
        TranscriptRenderer(
            theme: Theme(palette: palette, borderStyle: style, colorMode: colorMode, fillShapes: fillShapes),
            widthModel: model, headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now, participant: participant,
            perspective: perspective
        )
    }
}
