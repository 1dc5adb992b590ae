import Foundation
import Testing

@testable import BanterCore

@Suite("Timestamp")
struct TimestampTests {
    private let base = Timestamp(millisecondsSince1970: 1_000_000)

    @Test func convertsFromAndToDate() {
        #expect(Timestamp(Date(timeIntervalSince1970: 1.25)).millisecondsSince1970 == 1250)
        #expect(Timestamp(Date(timeIntervalSince1970: 1.0004)).millisecondsSince1970 == 1000)
        #expect(Timestamp(Date(timeIntervalSince1970: 1.0006)).millisecondsSince1970 == 1001)
        #expect(Timestamp(Date(timeIntervalSince1970: -1.25)).millisecondsSince1970 == -1250)
        #expect(Timestamp(millisecondsSince1970: 1_795_000_000_123).date.timeIntervalSince1970 == 1_795_000_000.123)
        let time = Timestamp(millisecondsSince1970: 1_795_000_000_123)
        #expect(Timestamp(time.date) == time)
    }

    @Test func ordersByMilliseconds() {
        #expect(base < Timestamp(millisecondsSince1970: 1_000_001))
        #expect(!(base < base))
        #expect(Timestamp(millisecondsSince1970: -1) < Timestamp(millisecondsSince1970: 0))
    }

    @Test func arithmeticWithDurations() {
        #expect(base + .seconds(20) == Timestamp(millisecondsSince1970: 1_020_000))
        #expect(base - .seconds(20) == Timestamp(millisecondsSince1970: 980_000))
        #expect(base + .microseconds(1999) == Timestamp(millisecondsSince1970: 1_000_001))
        var time = base
        time += .milliseconds(1)
        time += .seconds(3600)
        #expect(time == Timestamp(millisecondsSince1970: 4_600_001))
    }

    @Test func differenceIsAnExactDuration() {
        let later = base + .milliseconds(20_001)
        #expect(later - base == .milliseconds(20_001))
        #expect(base - later == .milliseconds(-20_001))
        #expect(later - base > .seconds(20))
        #expect(base - base == .zero)
    }

    @Test(arguments: [
        (Duration.seconds(2), Int64(2000)),
        (.milliseconds(20_001), 20_001),
        (.microseconds(1999), 1),
        (.nanoseconds(999_999), 0),
        (.microseconds(-1999), -1),
        (.milliseconds(-1500), -1500),
        (.seconds(1.0005), 1000),
        (.zero, 0),
        (.seconds(86_400 * 365 * 1000), 31_536_000_000_000),
    ])
    func wholeMillisecondsTruncatesTowardZero(duration: Duration, milliseconds: Int64) {
        #expect(duration.wholeMilliseconds == milliseconds)
    }

    @Test func codableRoundTrip() throws {
        let time = Timestamp(millisecondsSince1970: 1_795_000_000_123)
        let data = try JSONEncoder().encode(time)
        #expect(try JSONDecoder().decode(Timestamp.self, from: data) == time)
    }

    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_795_000_000_123, "2026-11-18T11:06:40.123Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
    ])
    func descriptionIsISO8601InUTCWithMilliseconds(milliseconds: Int64, text: String) {
        #expect(Timestamp(millisecondsSince1970: milliseconds).description == text)
    }
}
