import BanterChat
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation

/// A session on an in-memory store (or a given one) and a virtual clock, recording every
/// event it publishes.
public final class SessionFixture {
    /// 2026-11-20 18:00:00 UTC.
    public static let start = Timestamp(millisecondsSince1970: 1_795_111_200_000)

    public let folder: TemporaryFolder
    public let store: ChatStore
    public let clock: VirtualClock
    public let session: ChatSession
    public private(set) var events: [ChatEvent] = []
    /// Where each of `events` came from, in the same order.
    public private(set) var origins: [EventOrigin] = []

    public init(
        title: String = "test", bot: String? = nil, store: ChatStore? = nil,
        options: ChatSessionOptions = ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!)
    ) throws {
        let folder = try TemporaryFolder()
        self.folder = folder
        self.store = try store ?? ChatStore(path: ":memory:")
        clock = VirtualClock(start: Self.start)
        let scriptPath = try bot.map { try folder.write("bot.lua", $0) }
        session = try ChatSession(
            store: self.store, clock: clock, title: title, botScriptPath: scriptPath, options: options)
        session.onEvent = { [unowned self] event, origin in
            events.append(event)
            origins.append(origin)
        }
    }

    /// Texts of the messages added since the last call, with their senders.
    public func takeAdded() -> [String] {
        defer { clearEvents() }
        return events.compactMap { event in
            if case .messageAdded(let message) = event { return "\(message.sender.role.rawValue): \(message.text)" }
            return nil
        }
    }

    /// The notices published so far.
    public var notices: [String] {
        events.compactMap { if case .notice(let text) = $0 { text } else { nil } }
    }

    /// Everything stored in the open conversation, oldest first, as "sender: text".
    public func stored() throws -> [String] {
        try store.latestPage(conversationID: session.conversation.id, limit: 10_000).messages
            .map { "\($0.sender.role.rawValue): \($0.text)" }
    }

    public func clearEvents() {
        events.removeAll()
        origins.removeAll()
    }
}
