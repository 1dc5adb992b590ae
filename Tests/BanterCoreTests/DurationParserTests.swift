import BanterTestSupport
import Testing

@testable import BanterCore

@Suite("Duration parser")
struct DurationParserTests {
    @Test(arguments: [
        ("20s", Int64(20_000)),
        ("1h", 3_600_000),
        ("90m", 5_400_000),
        ("1h30m", 5_400_000),
        ("2d", 172_800_000),
        ("500ms", 500),
        ("1s500ms", 1500),
        ("1d2h3m4s5ms", 93_784_005),
        ("1.5", 1500),
        ("20", 20_000),
        ("0", 0),
        ("0s", 0),
        ("0.0005", 1),
        (".5", 500),
        ("1.5h", 5_400_000),
        ("  20s ", 20_000),
        ("\t1h\n", 3_600_000),
        ("1h 30m", 5_400_000),
        ("20 s", 20_000),
        ("20S", 20_000),
        ("1H30M", 5_400_000),
        ("500MS", 500),
        ("1h1h", 7_200_000),
    ])
    func parses(text: String, milliseconds: Int64) throws {
        #expect(try DurationParser.parse(text) == .milliseconds(milliseconds))
    }

    @Test(arguments: [
        "", "   ", "abc", "1x", "-5", "-5s", "h", "1h-2m", "1h30", "1..5", ".", "1.2.3s",
        "+5", "1e3", "0x10", "inf", "nan", "1 5", "1mo", "s20", "1h,30m", "99999999999999999999",
        "100000000000d",
    ])
    func refuses(text: String) {
        let error = #expect(throws: DurationParser.InvalidDuration.self) {
            try DurationParser.parse(text)
        }
        #expect(error?.text == text)
        #expect(error?.description.contains("\"\(text)\"") == true)
        #expect(error?.description.contains("20s") == true)
    }

    @Test(arguments: [
        (Int64(0), "0s"),
        (20_000, "20s"),
        (5_400_000, "1h30m"),
        (172_800_000, "2d"),
        (500, "500ms"),
        (1500, "1s500ms"),
        (93_784_005, "1d2h3m4s5ms"),
        (-3_600_000, "-1h"),
    ])
    func formats(milliseconds: Int64, text: String) {
        #expect(DurationParser.format(.milliseconds(milliseconds)) == text)
    }

    @Test func formatTruncatesBelowAMillisecond() {
        #expect(DurationParser.format(.microseconds(1999)) == "1ms")
        #expect(DurationParser.format(.microseconds(999)) == "0s")
    }

    @Test func formatThenParseRoundTrips() throws {
        var generator = SeededGenerator(seed: 20)
        let samples: [Int64] =
            [0, 1, 999, 1000, 59_999, 60_000, 3_599_999, 3_600_000, 86_400_000, 863_999_999]
            + (0..<200).map { _ in Int64.random(in: 0...10_000_000_000, using: &generator) }
        for milliseconds in samples {
            let duration = Duration.milliseconds(milliseconds)
            #expect(try DurationParser.parse(DurationParser.format(duration)) == duration)
        }
    }
}
