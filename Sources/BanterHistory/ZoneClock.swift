import BanterCore
import Foundation

/// Turns a wall-clock time read from an export (which writes no zone) into an instant, in
/// the zone the export was written in. The zone's offset is looked up once per local hour,
/// not per message: a million messages cost a few thousand lookups.
struct ZoneClock {
    let zone: TimeZone
    private var cachedHour: Int64 = .min
    private var cachedOffset: Int64 = 0

    init(zone: TimeZone) {
        self.zone = zone
    }

    private func offset(at seconds: Int64) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
    }

    /// The instant of `date` at `hour:minute:second` local time. A time a DST change skips
    /// or repeats reads with one of the two offsets around the change.
    mutating func timestamp(_ date: CivilDate, hour: Int, minute: Int, second: Int) -> Timestamp {
        let local = date.dayNumber * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        let localHour = local / 3600
        if localHour != cachedHour {
            cachedHour = localHour
            let guess = offset(at: local)
            let better = offset(at: local - guess)
            cachedOffset = better == guess || offset(at: local - better) != better ? guess : better
        }
        return Timestamp(millisecondsSince1970: (local - cachedOffset) * 1000)
    }
}
