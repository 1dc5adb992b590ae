import BanterCore

/// One line of a scenario, collected when the script loads and run later on a virtual clock.
public struct ScenarioStep: Hashable, Sendable {
    public var location: SourceLocation
    public var action: Action

    public init(location: SourceLocation, action: Action) {
        self.location = location
        self.action = action
    }

    /// What the step does or checks.
    public enum Action: Hashable, Sendable {
        /// The user sends this text (`me "hi"`); the bot answers as it would in a chat.
        case me(String)
        /// The other side writes this text without the bot (`them "hello"`).
        case them(String)
        /// Time passes (`wait "2h"`); the bot's scheduled work runs on the way.
        case wait(Duration)
        /// The bot's next message, waiting up to `within` of virtual time for it.
        case expectReply(ReplyMatcher, within: Duration)
        /// No bot message arrives within the duration.
        case expectNoReply(Duration)
        /// The next message opens a section, with this header text when given.
        case expectSection(header: String?)
        /// The next message starts a new cluster.
        case expectClusterBreak
        /// The next message continues the previous message's cluster.
        case expectSameCluster
        /// The typing indicator is showing (true) or not (false) now.
        case expectTyping(Bool)
        /// The status of the user's newest message.
        case expectStatus(DeliveryStatus)
        /// The grouping rules change from here on.
        case grouping(GroupingChange)
        /// The other side marks the user's messages delivered or read.
        case mark(DeliveryStatus)
    }
}
