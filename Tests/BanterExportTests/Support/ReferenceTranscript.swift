import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExport

/// A conversation that exercises everything the exports show: sections, clusters, system
/// lines, emoji-only messages, statuses, multi-line text, complex Unicode and hostile text
/// (HTML, Markdown, escape sequences, bidi overrides).
enum ReferenceTranscript {
    static let participant = Participant(name: "Alisha", color: "#7A5CFA")
    static let conversation = Conversation(
        id: 7, title: "Alisha & me", botScriptPath: "examples/bots/alisha.lua",
        rules: GroupingRules(), createdAt: ReferenceDay.at(dayOffset: -1, 9, 0)
    )

    static let messages: [Message] = ReferenceDay.messages(
        ReferenceDay.yesterday + [
            (.them, "<script>alert(1)</script>", ReferenceDay.at(dayOffset: 0, 14, 5), .sent),
            (
                .them, "**bold** and [link](javascript:x) & \"quotes\" 'too'", ReferenceDay.at(dayOffset: 0, 14, 5, 12),
                .sent
            ),
            (
                .them, "ESC \u{1B}[31mred\u{1B}[0m, bell\u{07}, CSI \u{9B}2J", ReferenceDay.at(dayOffset: 0, 14, 5, 30),
                .sent
            ),
            (.me, "bidi \u{202E}gnp.exe\u{202C} done", ReferenceDay.at(dayOffset: 0, 14, 6), .read),
            (
                .me, "- not a list\n1. not ordered\n# not a heading\n> not a quote\n\n`code` ~strike~ | cell",
                ReferenceDay.at(dayOffset: 0, 14, 6, 10), .read
            ),
            (.them, "مرحبا، كيف حالك؟", ReferenceDay.at(dayOffset: 0, 14, 7), .sent),
            (.them, "שלום עולם, מה שלומך?", ReferenceDay.at(dayOffset: 0, 14, 7, 5), .sent),
            (.them, "👨‍👩‍👧‍👦🇫🇷❤️", ReferenceDay.at(dayOffset: 0, 14, 7, 20), .sent),
            (
                .system, "Alisha's script error at alisha.lua:12 <b>_oops_</b>", ReferenceDay.at(dayOffset: 0, 14, 10),
                .sent
            ),
            (.me, "line one\nline two", ReferenceDay.at(dayOffset: 0, 19, 30), .delivered),
            (.me, "Family 👨‍👩‍👧‍👦 flags 🇫🇷🇯🇵 keycap 1️⃣ done", ReferenceDay.at(dayOffset: 0, 19, 30, 20), .delivered),
        ], conversationID: 7)

    static func export(
        conversation: Conversation = conversation, messages: [Message] = messages
    ) -> TranscriptExport {
        TranscriptExport(
            conversation: conversation, participant: participant, messages: messages,
            headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now
        )
    }

    /// The reference conversation as Banter wrote it before version 2: one pretty-printed
    /// JSON document (the golden of that time, kept as it was).
    static func legacyFile() throws -> Data {
        let url = try #require(
            Bundle.module.url(forResource: "legacy-v1.json", withExtension: nil, subdirectory: "Goldens"))
        return try Data(contentsOf: url)
    }

    /// The reference conversation's JSON export (version 2, JSON Lines).
    static func jsonFile(conversation: Conversation = conversation, messages: [Message] = messages) -> Data {
        Data(export(conversation: conversation, messages: messages).rendered(as: .json).utf8)
    }
}
