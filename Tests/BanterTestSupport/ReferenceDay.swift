import BanterCore
import Foundation

/// The fixed day the reference conversations of the golden tests happen on (the terminal's
/// and the exports'), so that what they draw never depends on the wall clock or on the
/// machine's time zone.
package enum ReferenceDay {
    /// 2026-11-20 00:00 UTC.
    package static let today: Int64 = 1_795_132_800_000
    /// "Now" for every reference rendering: 20:00 UTC that day.
    package static let now = Timestamp(millisecondsSince1970: today + 20 * 3_600_000)
    /// Section headers in UTC, whatever the machine's own time zone.
    package static let formatter = HeaderFormatter(timeZone: TimeZone(identifier: "UTC")!)

    /// `dayOffset` days from the reference day, at the given time (UTC).
    package static func at(dayOffset: Int64, _ hour: Int64, _ minute: Int64, _ second: Int64 = 0) -> Timestamp {
        Timestamp(
            millisecondsSince1970: today + dayOffset * 86_400_000 + hour * 3_600_000 + minute * 60_000 + second * 1000)
    }

    /// One message of a reference conversation, before it gets its id.
    package typealias Entry = (sender: Sender, text: String, sentAt: Timestamp, status: DeliveryStatus)

    /// How every reference conversation starts, the day before: a system line, a cluster of
    /// two from them, a long answer that wraps and an emoji-only one.
    package static let yesterday: [Entry] = [
        (.system, "You matched with Alisha 🌹", at(dayOffset: -1, 9, 59), .sent),
        (.them, "Hey! How was your weekend?", at(dayOffset: -1, 10, 0), .sent),
        (.them, "I went to the farmers market 🌽🍅", at(dayOffset: -1, 10, 0, 10), .sent),
        (
            .me,
            "Great, went hiking with friends up the mountain. The view from the top was absolutely incredible, you should come next time!",
            at(dayOffset: -1, 10, 2), .read
        ),
        (.me, "👍🏽", at(dayOffset: -1, 10, 2, 15), .read),
    ]

    /// The entries as messages of one conversation, numbered from 1 in order.
    package static func messages(_ entries: [Entry], conversationID: Int64) -> [Message] {
        entries.enumerated().map { index, entry in
            Message(
                id: Int64(index + 1), conversationID: conversationID, sender: entry.sender, text: entry.text,
                sentAt: entry.sentAt, status: entry.status)
        }
    }
}
