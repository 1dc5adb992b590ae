import BanterCore
import Foundation

/// A message a bot puts into a conversation when it is created (its back story).
public struct SeedMessage: Hashable, Sendable {
    public var sender: Sender
    public var text: String
    public var time: SeedTime

    public init(sender: Sender, text: String, time: SeedTime) {
        self.sender = sender
        self.text = text
        self.time = time
    }

    /// When the seed reads as sent, resolved against the moment the conversation is created,
    /// so "-1d 10:00" always means the day before the user first opened it.
    public func timestamp(now: Timestamp, timeZone: TimeZone = .current) -> Timestamp {
        time.resolve(now: now, timeZone: timeZone)
    }
}

/// A message to store when a conversation with a bot is created: a resolved seed or the
/// bot's greeting (match line).
public struct OpeningMessage: Hashable, Sendable {
    public var sender: Sender
    public var text: String
    public var sentAt: Timestamp
}
