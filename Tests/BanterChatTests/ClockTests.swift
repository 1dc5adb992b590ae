import BanterChat
import BanterChatTestSupport
import BanterCore
import Foundation
import Testing

@Suite struct LiveClockTests {
    @Test func skipsAheadAndNeverBack() {
        let base = VirtualClock(start: Timestamp(millisecondsSince1970: 1000))
        let clock = LiveClock(base: base)
        #expect(clock.now.millisecondsSince1970 == 1000)
        clock.advance(by: .seconds(10))
        #expect(clock.now.millisecondsSince1970 == 11_000)
        base.advance(by: .seconds(1))
        #expect(clock.now.millisecondsSince1970 == 12_000)
        clock.advance(to: Timestamp(millisecondsSince1970: 5000))
        #expect(clock.now.millisecondsSince1970 == 12_000)
        clock.advance(by: .seconds(-5))
        #expect(clock.now.millisecondsSince1970 == 12_000)
    }

    @Test func waitMovesAVirtualSessionClockExactly() throws {
        let fixture = try SessionFixture()
        try fixture.session.send("one")
        fixture.session.wait(.seconds(20))
        try fixture.session.send("two")
        let times = fixture.session.messages.map(\.sentAt)
        #expect(times == [SessionFixture.start, SessionFixture.start + .seconds(20)])
        #expect(fixture.session.nextWakeTime == nil)
        #expect(fixture.session.settle() == .idle)
    }
}
