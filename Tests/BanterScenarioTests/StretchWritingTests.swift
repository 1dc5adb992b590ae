import BanterCore
import Foundation
import Testing

@testable import BanterScenario

/// A stretch of a stored conversation written as a scenario (`banter scenario
/// --from-conversation`) and as a bot's seed (`--seed`), with plain values: real gaps as
/// waits, a group's people as `as`, and what cannot be sent kept as comments.
@Suite struct StretchWritingTests {
    /// 2023-12-31 21:05:00 UTC.
    static let start = Timestamp(millisecondsSince1970: 1_704_056_700_000)

    private func message(
        _ id: Int64, _ seconds: Int64, _ sender: Sender, _ text: String, attachment: BanterCore.Attachment? = nil,
        deleted: Bool = false
    ) -> Message {
        let sentAt = Self.start + .seconds(seconds)
        return Message(
            id: id, conversationID: 1, sender: sender, text: text, sentAt: sentAt, attachment: attachment,
            deletedAt: deleted ? sentAt : nil)
    }

    /// A group's evening: a file with a caption, a deleted message, a system line, a day's gap.
    private var group: [Message] {
        [
            message(4, 0, Sender(.them, participant: "Ann"), "Who is in?"),
            message(5, 30, .me, "me!"),
            message(
                6, 95, Sender(.them, participant: "Bob"), "map",
                attachment: BanterCore.Attachment(fileName: "map.png", mediaType: "image/png", byteCount: 10)),
            message(7, 7_300, Sender(.them, participant: "Bob"), "gone", deleted: true),
            message(8, 7_301, .system, "Bob left"),
            message(9, 90_000, Sender(.them, participant: "Ann"), "ok \"then\""),
        ]
    }

    @Test func aGroupStretchPlaysBothSidesWithItsRealGaps() {
        let session = RecordedSession(
            stretch: group, rules: GroupingRules(), timeZone: .gmt, people: ["Ann", "Bob"])
        #expect(
            ScenarioWriter.source(for: session, savedAt: "/tmp/s.lua", comment: "-- test")
                == """
                -- test

                scenario {
                  start = "2023-12-31 21:05:00",
                  time_zone = "GMT",
                  seed = 0,
                }
                participants { "Ann", "Bob" }

                as "Ann" "Who is in?"
                wait "30s"
                me "me!"
                -- Bob sent the file map.png (not carried into this scenario)
                wait "1m5s"
                as "Bob" "map"
                -- Bob: a deleted message
                -- system: Bob left
                wait "1d58m25s"
                as "Ann" "ok \\"then\\""

                """)
    }

    @Test func aTwoPartyStretchKeepsItsOwnGroupingRules() {
        let rules = GroupingRules(sectionGap: .seconds(600), clusterGap: .seconds(5), headerPattern: "{time}")
        let session = RecordedSession(
            stretch: [message(1, 0, .them, "hi"), message(2, 3, .me, "hey")], rules: rules, timeZone: .gmt,
            people: [])
        let source = ScenarioWriter.source(for: session, savedAt: "/tmp/s.lua", comment: "-- test")
        #expect(source.contains("grouping = { section_gap = \"10m\", cluster_gap = \"5s\", header = \"{time}\" },"))
        #expect(source.hasSuffix("them \"hi\"\nwait \"3s\"\nme \"hey\"\n"))
    }

    @Test func aSeedCountsBackFromTheLastMessageAndFoldsAGroupIntoThem() {
        #expect(
            SeedWriter.source(for: group, comment: "-- seed")
                == """
                -- seed
                -- A seed has one other side: Ann, Bob are all "them".
                seed {
                  { from = "them", text = "Who is in?", at = "-1d1h" },
                  { from = "me", text = "me!", at = "-1d59m30s" },
                  -- Bob, -1d58m25s: the file map.png (a seed holds no files)
                  { from = "them", text = "map", at = "-1d58m25s" },
                  -- Bob, -22h58m20s: a deleted message
                  { from = "system", text = "Bob left", at = "-22h58m19s" },
                  { from = "them", text = "ok \\"then\\"", at = "now" },
                }

                """)
    }
}
