import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import Foundation
import Testing

/// `ChatSession.Mark` lists the session's state by hand (its fields, `mark(named:)` and
/// `restore`). Keeping that state in one struct instead would reach every use of those
/// fields across BanterChat, so this test keeps the list honest: every stored property of
/// the session is carried by a mark or named here with the reason it need not be.
@Suite struct SessionMarkTests {
    /// The session's stored properties a mark does not carry, and why.
    static let notCarried: [String: String] = [
        "clock": "carried as the mark's `now`, the clock's time",
        "options": "fixed when the session is made",
        "onEvent": "the listener, not the conversation's state",
        "members": "a group's running bots: no mark is taken while there are any",
        "unheard": "no mark is taken while messages wait to be heard",
        "isHanding": "no mark is taken while a message is handed on",
        "isOpening": "no mark is taken while the session opens",
        "debugger": "no mark is taken while the debugger is on",
        "tracesHandlers": "a display switch (/trace), the same before and after",
    ]

    private func session() throws -> ChatSession {
        try ChatSession(
            store: try InMemoryTemplate().makeReusedStore(), clock: VirtualClock(start: SessionFixture.start),
            title: "marked", options: ChatSessionOptions(timeZone: TimeZone(identifier: "UTC")!))
    }

    @Test func aMarkCarriesEveryFieldOfTheSessionButThoseItNeedNot() throws {
        let session = try session()
        let mark = try #require(try session.mark(named: "fields"))
        let fields = Mirror(reflecting: session).children.compactMap(\.label)
        let carried = Set(Mirror(reflecting: mark).children.compactMap(\.label))
        for field in fields where Self.notCarried[field] == nil {
            #expect(
                carried.contains(field),
                "ChatSession.\(field) is not in ChatSession.Mark: add it there and to mark(named:) and restore, or to SessionMarkTests.notCarried with why"
            )
        }
        for field in Self.notCarried.keys {
            #expect(fields.contains(field), "ChatSession has no \(field) any more: take it out of notCarried")
        }
        #expect(carried.subtracting(fields) == ["now"], "a mark's own fields are the session's, and the clock's time")
    }

    /// What `restore` puts back is what `mark(named:)` took: the carried fields read the
    /// same after the session moved on and was restored.
    @Test func restoringPutsBackEveryCarriedField() throws {
        let session = try session()
        try session.send("first")
        let mark = try #require(try session.mark(named: "round_trip"))
        let carried = Set(Mirror(reflecting: mark).children.compactMap(\.label))
        let before = Self.describe(session, fields: carried)
        try session.send("second")
        #expect(Self.describe(session, fields: carried) != before)
        #expect(try session.restore(mark))
        #expect(Self.describe(session, fields: carried) == before)
    }

    private static func describe(_ session: ChatSession, fields: Set<String>) -> [String: String] {
        var described: [String: String] = [:]
        for child in Mirror(reflecting: session).children {
            guard let label = child.label, fields.contains(label), label != "store" else { continue }
            described[label] = String(describing: child.value)
        }
        return described
    }
}
