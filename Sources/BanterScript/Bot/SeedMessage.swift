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
