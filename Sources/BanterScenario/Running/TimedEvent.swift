import BanterChat
import BanterCore

/// A session event with the virtual time it happened at: what a replay plays back.
package struct TimedEvent: Hashable, Sendable {
    package var time: Timestamp
    package var event: ChatEvent

    package init(time: Timestamp, event: ChatEvent) {
        self.time = time
        self.event = event
    }
}
