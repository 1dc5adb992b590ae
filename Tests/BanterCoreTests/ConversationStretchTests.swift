import BanterCore
import Foundation
import Testing

/// How `--from`/`--to` and `--range` read a stretch: messages by id, local times as whole
/// periods at their precision, open ends, and one clear error per mistake.
@Suite struct ConversationStretchTests {
    let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func time(_ text: String) -> Timestamp {
        let formatter = ISO8601DateFormatter()
        return Timestamp(formatter.date(from: text)!)
    }

    @Test func aMessageIsItsId() throws {
        #expect(try ConversationStretch.parseBound("#120", timeZone: .gmt) == .message(id: 120))
        #expect(try ConversationStretch.parseBound(" #7 ", timeZone: .gmt) == .message(id: 7))
    }

    @Test func aTimeNamesItsWholePeriodInTheZone() throws {
        #expect(
            try ConversationStretch.parseBound("2023-12-31", timeZone: berlin)
                == .time(start: time("2023-12-30T23:00:00Z"), end: time("2023-12-31T23:00:00Z"), written: "2023-12-31"))
        #expect(
            try ConversationStretch.parseBound("2023-12-31 21:05", timeZone: berlin)
                == .time(
                    start: time("2023-12-31T20:05:00Z"), end: time("2023-12-31T20:06:00Z"), written: "2023-12-31 21:05")
        )
        #expect(
            try ConversationStretch.parseBound("2023-12-31T21:05:09", timeZone: .gmt)
                == .time(
                    start: time("2023-12-31T21:05:09Z"), end: time("2023-12-31T21:05:10Z"),
                    written: "2023-12-31T21:05:09"))
    }

    @Test func aRangeHasOpenEndsAndOneBoundIsThatPeriod() throws {
        let range = try ConversationStretch.parseRange("#12..#48", timeZone: .gmt)
        #expect(range.from == .message(id: 12) && range.to == .message(id: 48))
        let open = try ConversationStretch.parseRange("..2024-01-01", timeZone: .gmt)
        #expect(open.from == nil && open.to != nil)
        let day = try ConversationStretch.parseRange("2024-01-01", timeZone: .gmt)
        #expect(day.from == day.to)
        #expect(try ConversationStretch.parseRange("2024-01-01 10:00 .. ", timeZone: .gmt).to == nil)
    }

    @Test func mistakesSayWhatIsUnderstood() {
        func message(_ text: String) -> String {
            do {
                _ = try ConversationStretch.parseRange(text, timeZone: .gmt)
                return "no error"
            } catch {
                return error.description
            }
        }
        #expect(
            message("yesterday")
                == "\"yesterday\" is neither a message (#120, as /ids on and /search show) nor a time (2023-12-31, 2023-12-31 21:05 or 2023-12-31 21:05:09)"
        )
        #expect(message("#x") == "\"#x\" is not a message: write # and its id, e.g. #120")
        #expect(message("#0") == "\"#0\" is not a message: write # and its id, e.g. #120")
        #expect(message("2023-02-30").hasPrefix("\"2023-02-30\" is neither"))
        #expect(message("2023-12-31 24:00").hasPrefix("\"2023-12-31 24:00\" is neither"))
        #expect(message("..") == "\"..\" names no end: write FROM..TO, FROM.. or ..TO, e.g. #120..#180")
        #expect(message("2024-01-02..2024-01-01") == "the stretch ends (2024-01-01) before it starts (2024-01-02)")
    }
}
