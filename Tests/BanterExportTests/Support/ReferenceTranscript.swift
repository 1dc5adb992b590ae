import BanterCore
import BanterExport
import Foundation
import Testing

/// A conversation that exercises everything the exports show: sections, clusters, system
/// lines, emoji-only messages, statuses, multi-line text, complex Unicode and hostile text
/// (HTML, Markdown, escape sequences, bidi overrides).
enum ReferenceTranscript {
    /// 2026-11-20 00:00 UTC.
    static let today: Int64 = 1_795_132_800_000
    static let now = Timestamp(millisecondsSince1970: today + 20 * 3_600_000)
    static let participant = Participant(name: "Alisha", color: "#7A5CFA")
    static let formatter = HeaderFormatter(timeZone: TimeZone(identifier: "UTC")!)
    static let conversation = Conversation(
        id: 7, title: "Alisha & me", botScriptPath: "examples/bots/alisha.lua",
        rules: GroupingRules(), createdAt: at(dayOffset: -1, 9, 0)
    )

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
            (.them, "<script>alert(1)</script>", at(dayOffset: 0, 14, 5), .sent),
            (.them, "**bold** and [link](javascript:x) & \"quotes\" 'too'", at(dayOffset: 0, 14, 5, 12), .sent),
            (.them, "ESC \u{1B}[31mred\u{1B}[0m, bell\u{07}, CSI \u{9B}2J", at(dayOffset: 0, 14, 5, 30), .sent),
            (.me, "bidi \u{202E}gnp.exe\u{202C} done", at(dayOffset: 0, 14, 6), .read),
            (.me, "- not a list\n1. not ordered\n# not a heading\n> not a quote\n\n`code` ~strike~ | cell", at(dayOffset: 0, 14, 6, 10), .read),
            (.them, "مرحبا، كيف حالك؟", at(dayOffset: 0, 14, 7), .sent),
            (.them, "שלום עולם, מה שלומך?", at(dayOffset: 0, 14, 7, 5), .sent),
            (.them, "👨‍👩‍👧‍👦🇫🇷❤️", at(dayOffset: 0, 14, 7, 20), .sent),
            (.system, "Alisha's script error at alisha.lua:12 <b>_oops_</b>", at(dayOffset: 0, 14, 10), .sent),
            (.me, "line one\nline two", at(dayOffset: 0, 19, 30), .delivered),
            (.me, "Family 👨‍👩‍👧‍👦 flags 🇫🇷🇯🇵 keycap 1️⃣ done", at(dayOffset: 0, 19, 30, 20), .delivered),
        ]
        return entries.enumerated().map { index, entry in
            Message(id: Int64(index + 1), conversationID: 7, sender: entry.0, text: entry.1, sentAt: entry.2, status: entry.3)
        }
    }()

    static func export(
        conversation: Conversation = conversation, messages: [Message] = messages
    ) -> TranscriptExport {
        TranscriptExport(
            conversation: conversation, participant: participant, messages: messages,
            headerFormatter: formatter, now: now
        )
    }

    /// The reference conversation as Banter wrote it before version 2: one pretty-printed
    /// JSON document (the golden of that time, kept as it was).
    static func legacyFile() throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "legacy-v1.json", withExtension: nil, subdirectory: "Goldens"))
        return try Data(contentsOf: url)
    }

    /// The reference conversation's JSON export (version 2, JSON Lines).
    static func jsonFile(conversation: Conversation = conversation, messages: [Message] = messages) -> Data {
        Data(export(conversation: conversation, messages: messages).rendered(as: .json).utf8)
    }
}
