import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterHistory

/// A Slack workspace export (fixture folder Fixtures/Slack, written from Slack's documented
/// export layout): one channel, its day files in order, threads as replies, checked
/// message by message.
@Suite struct SlackImportTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/Slack").path

    @Test func oneChannelImportsMessageByMessage() throws {
        let result = try ImportRun(
            path: Self.fixture, format: .slack, me: "Sam Example", zone: "UTC", seconds: true, channel: "general")
        #expect(
            result.rows == [
                Row(.system, "2024-01-01 09:00:00", "@Ann has joined the channel"),
                Row(
                    .them, "2024-01-01 09:01:00",
                    "Plans for Q1? See the plan (https://example.com/plan) & ping @Sam Example"),
                Row(.me, "2024-01-01 09:02:00", "Looks good", edited: true),
                Row(.them, "2024-01-01 09:04:00", "budget.xlsx\nhere is the sheet"),
                Row(.them, "2024-01-02 09:00:00", "Day two"),
            ])
        let messages = result.messages
        #expect(messages[2].quote == Quote(messageID: messages[1].id, sender: .them, excerpt: messages[1].text))
        #expect(messages[1].reactions.map(\.emoji) == ["👍", "👍"])
        #expect(messages[1].reactions.map(\.sender) == [.me, .them])
        #expect(result.summary.folded == ["Ann", "Bo"])
        #expect(messages[1].sender == Sender(.them, participant: "Ann"))
        #expect(
            result.problems.map(\.description) == [
                "\(Self.fixture)/general/2024-01-01.json at $[1]: the reaction :partyparrot: is not an emoji Banter knows: it is left out",
                "\(Self.fixture)/general/2024-01-02.json at $[1]: \"soon\" is not a Slack time: the message is left out",
            ])
    }

    @Test func theChannelMustBeNamedWhenThereAreSeveral() throws {
        #expect(throws: HistoryError.unknownChannel(nil, channels: ["general", "random"])) {
            try ImportRun(path: Self.fixture, format: .slack, me: "Bo", zone: "UTC")
        }
        #expect(HistoryFormat.detect(path: Self.fixture) == .slack)
    }
}
