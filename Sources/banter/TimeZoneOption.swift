import ArgumentParser
import BanterConfig
import Foundation

/// `--time-zone`: the zone section headers and times are shown in. Declared once for every
/// command that shows stored or live times.
struct TimeZoneOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The time zone of headers and times (e.g. Europe/Paris).", valueName: "tz"))
    var timeZone: String?

    func validate() throws {
        try Self.validate(timeZone)
    }

    static func validate(_ timeZone: String?) throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("unknown time zone \"\(timeZone)\": use a name like Europe/Paris or UTC")
        }
    }

    /// The zone to use: `--time-zone`, else the configuration file's `time-zone`, else the
    /// system's.
    func zone(in settings: Settings) throws -> TimeZone {
        try Self.zone(timeZone, in: settings)
    }

    static func zone(_ timeZone: String?, in settings: Settings) throws -> TimeZone {
        let setting = try Diagnostics.exitOnConfigError {
            try settings.resolve(.timeZone, flag: timeZone.map(ConfigValue.text))
        }
        return setting.value?.text.flatMap(TimeZone.init(identifier:)) ?? .current
    }
}
