import BanterChat
import BanterCore

/// A session event with the virtual time it happened at: what a replay plays back.
public struct TimedEvent: Hashable, Sendable {
    public var time: Timestamp
    public var event: ChatEvent

    public init(time: Timestamp, event: ChatEvent) {
        self.time = time
        self.event = event
    }
}
