import Foundation
import Testing

@testable import BanterCore

@Suite("Clocks")
struct ClockTests {
    private let start = Timestamp(millisecondsSince1970: 1_795_000_000_000)

    @Test func virtualClockStandsStillUntilAdvanced() {
        let clock = VirtualClock(start: start)
        #expect(clock.now == start)
        #expect(clock.now == start)
    }

    @Test func advanceByAddsTheDuration() {
        let clock = VirtualClock(start: start)
        clock.advance(by: .seconds(20))
        #expect(clock.now == start + .seconds(20))
        clock.advance(by: .milliseconds(1))
        #expect(clock.now.millisecondsSince1970 == start.millisecondsSince1970 + 20_001)
        clock.advance(by: .seconds(2 * 86_400))
        #expect(clock.now - start == .milliseconds(172_820_001))
    }

    @Test func advanceByZeroOrANegativeDurationLeavesTheClock() {
        let clock = VirtualClock(start: start)
        clock.advance(by: .zero)
        clock.advance(by: .seconds(-5))
        #expect(clock.now == start)
    }

    @Test func advanceByLessThanAMillisecondIsDropped() {
        let clock = VirtualClock(start: start)
        clock.advance(by: .microseconds(999))
        #expect(clock.now == start)
    }

    @Test func advanceToMovesOnlyForward() {
        let clock = VirtualClock(start: start)
        clock.advance(to: start + .seconds(3601))
        #expect(clock.now == start + .seconds(3601))
        clock.advance(to: start)
        #expect(clock.now == start + .seconds(3601))
        clock.advance(to: start + .seconds(3601))
        #expect(clock.now == start + .seconds(3601))
    }

    @Test func concurrentAdvancesAreAllCounted() async {
        let clock = VirtualClock(start: start)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<100 {
                group.addTask { for _ in 0..<10 { clock.advance(by: .milliseconds(1)) } }
            }
        }
        #expect(clock.now == start + .seconds(1))
    }

    @Test func clocksAreUsableThroughTheProtocol() {
        let clocks: [any ChatClock] = [VirtualClock(start: start), SystemClock()]
        #expect(clocks[0].now == start)
    }

    @Test func systemClockReadsTheWallClock() {
        let before = Timestamp(Date())
        let now = SystemClock().now
        let after = Timestamp(Date())
        #expect(before <= now && now <= after)
    }
}
