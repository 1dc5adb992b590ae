import BanterCore
import Foundation

/// A message a bot puts into a conversation when it is created (its back story).
package struct SeedMessage: Hashable, Sendable {
    package var sender: Sender
    package var text: String
    package var time: SeedTime

    package init(sender: Sender, text: String, time: SeedTime) {
        self.sender = sender
        self.text = text
        self.time = time
    }

    /// When the seed reads as sent, resolved against the moment the conversation is created,
    /// so "-1d 10:00" always means the day before the user first opened it.
    package func timestamp(now: Timestamp, timeZone: TimeZone = .current) -> Timestamp {
        time.resolve(now: now, timeZone: timeZone)
    }
}

/// A message to store when a conversation with a bot is created: a resolved seed or the
/// bot's greeting (match line).
package struct OpeningMessage: Hashable, Sendable {
    package var sender: Sender
    package var text: String
    package var sentAt: Timestamp
}
