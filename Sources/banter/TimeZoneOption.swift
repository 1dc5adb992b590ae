import ArgumentParser
import Foundation

/// `--time-zone`: the zone section headers and times are shown in. Declared once for every
/// command that shows stored or live times.
struct TimeZoneOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The time zone of headers and times (e.g. Europe/Paris).", valueName: "tz"))
    var timeZone: String?

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("unknown time zone \"\(timeZone)\": use a name like Europe/Paris or UTC")
        }
    }

    /// The zone to use: `--time-zone`, else the system's.
    var zone: TimeZone {
        timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
    }
}
