import BanterCore
import BanterTerminal
import BanterTheme
import Foundation

/// A conversation that exercises everything the renderer draws: sections, clusters, tails,
/// system lines, emoji-only messages, statuses, wrapping and complex Unicode.
enum ReferenceConversation {
    /// 2026-11-20 00:00 UTC.
    static let today: Int64 = 1_795_132_800_000
    static let now = Timestamp(millisecondsSince1970: today + 20 * 3_600_000)
    static let participant = Participant(name: "Alisha")
    static let formatter = HeaderFormatter(timeZone: TimeZone(identifier: "UTC")!)

    static func at(dayOffset: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64 = 0) -> Timestamp {
        Timestamp(millisecondsSince1970: today + dayOffset * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000)
    }

    static let messages: [Message] = {
        let entries: [(Sender, String, Timestamp, DeliveryStatus)] = [
            (.system, "You matched with Alisha 🌹", at(dayOffset: -1, 9, 59), .sent),
            (.them, "Hey! How was your weekend?", at(dayOffset: -1, 10, 0), .sent),
            (.them, "I went to the farmers market 🌽🍅", at(dayOffset: -1, 10, 0, 10), .sent),
            (.me, "Great, went hiking with friends up the mountain. The view from the top was absolutely incredible, you should come next time!", at(dayOffset: -1, 10, 2), .read),
            (.me, "👍🏽", at(dayOffset: -1, 10, 2, 15), .read),
            (.them, "日本語のテキストも大丈夫ですか？東京で会いましょう", at(dayOffset: 0, 14, 5), .sent),
            (.them, "Café naïve résumé, e\u{301}\u{301} and Z\u{351}\u{364}a\u{36B}lgo", at(dayOffset: 0, 14, 5, 12), .sent),
            (.me, "Family 👨‍👩‍👧‍👦 flags 🇫🇷🇯🇵 skin 👍🏽👋🏿 keycap 1️⃣ heart ❤️ done", at(dayOffset: 0, 14, 6), .read),
            (.them, "مرحبا، كيف حالك؟", at(dayOffset: 0, 14, 7), .sent),
            (.them, "שלום עולם, מה שלומך?", at(dayOffset: 0, 14, 7, 5), .sent),
            (.them, "한국어도 돼요 😀", at(dayOffset: 0, 14, 7, 20), .sent),
            (.me, "Supercalifragilisticexpialidocious-and-then-some-more-characters-to-break", at(dayOffset: 0, 14, 9), .read),
            (.me, "👨‍👩‍👧‍👦🇫🇷❤️", at(dayOffset: 0, 14, 9, 10), .read),
            (.system, "Alisha's script error at alisha.lua:12", at(dayOffset: 0, 14, 10), .sent),
            (.me, "line one\nline two\n\nafter a blank line", at(dayOffset: 0, 19, 30), .delivered),
        ]
        return entries.enumerated().map { index, entry in
            Message(id: Int64(index + 1), conversationID: 1, sender: entry.0, text: entry.1, sentAt: entry.2, status: entry.3)
        }
    }()

    static var items: LayoutItems { Layout.items(for: messages, rules: GroupingRules()) }

    static func renderer(
        style: BorderStyle? = .rounded, colorMode: ColorMode = .none, model: WidthModel = .modern,
        perspective: Side = .me, palette: Palette = .standard
    ) -> TranscriptRenderer {
        TranscriptRenderer(
            theme: Theme(palette: palette, borderStyle: style, colorMode: colorMode),
            widthModel: model, headerFormatter: formatter, now: now, participant: participant,
            perspective: perspective
        )
    }
}
