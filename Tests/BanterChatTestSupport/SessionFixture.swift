import BanterChat
import BanterCore
import BanterStore
import BanterTestSupport
import Foundation

/// A session on an in-memory store (or a given one) and a virtual clock, recording every
/// event it publishes.
package final class SessionFixture {
    /// 2026-11-20 18:00:00 UTC.
    package static let start = Timestamp(millisecondsSince1970: 1_795_111_200_000)

    package let folder: TemporaryFolder
    package let store: ChatStore
    package let clock: VirtualClock
    package let session: ChatSession
    package private(set) var events: [ChatEvent] = []
    /// Where each of `events` came from, in the same order.
    package private(set) var origins: [EventOrigin] = []

    package init(
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
    package func takeAdded() -> [String] {
        defer { clearEvents() }
        return events.compactMap { event in
            if case .messageAdded(let message) = event { return "\(message.sender.role.rawValue): \(message.text)" }
            return nil
        }
    }

    /// The notices published so far.
    package var notices: [String] {
        events.compactMap { if case .notice(let text) = $0 { text } else { nil } }
    }

    /// Everything stored in the open conversation, oldest first, as "sender: text".
    package func stored() throws -> [String] {
        try store.latestPage(conversationID: session.conversation.id, limit: 10_000).messages
            .map { "\($0.sender.role.rawValue): \($0.text)" }
    }

    package func clearEvents() {
        events.removeAll()
        origins.removeAll()
    }
}
