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
        return setting.value?.text.flatMap(TimeZone.init(identifier:)) ?? systemZone()
    }

    /// The system's zone as `TimeZone.current` finds it, for less. Foundation looks for
    /// `TZFILE` and `TZ` by building the whole environment as a dictionary, twice (0.7 M
    /// instructions, 7 % of a short `banter render`); with neither set it takes the zone
    /// `/etc/localtime` links to. So does this, through `getenv`, and it leaves every other
    /// case (either variable set, no link, a link it cannot read) to Foundation.
    static func systemZone() -> TimeZone {
        let environmentNamesZone = getenv("TZFILE") != nil || getenv("TZ") != nil
        return (environmentNamesZone ? nil : linkedZone(localtimeLink())) ?? .current
    }

    /// The zone a link to a zone file names, as Foundation reads `/etc/localtime`'s: what
    /// follows the first "/usr/share/zoneinfo/" in it; nil without one, or when that names
    /// no zone.
    static func linkedZone(_ link: String?) -> TimeZone? {
        guard let link else { return nil }
        let bytes = Array(link.utf8)
        let folder = Array("/usr/share/zoneinfo/".utf8)
        var start = 0
        while start + folder.count <= bytes.count {
            if bytes[start..<start + folder.count].elementsEqual(folder) {
                return TimeZone(identifier: String(decoding: bytes[(start + folder.count)...], as: UTF8.self))
            }
            start += 1
        }
        return nil
    }

    /// Where `/etc/localtime` links to, when it is a link with a UTF-8 target.
    private static func localtimeLink() -> String? {
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard readlink("/etc/localtime", &target, Int(PATH_MAX)) >= 0 else { return nil }
        return String(validatingCString: target)
    }
}
