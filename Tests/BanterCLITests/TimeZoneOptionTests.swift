import Foundation
import Testing

@testable import banter

/// The system's zone read without Foundation's environment dictionary must be the zone
/// Foundation finds.
@Suite struct TimeZoneOptionTests {
    @Test func theSystemZoneIsFoundationsCurrentOne() {
        #expect(TimeZoneOption.systemZone().identifier == TimeZone.current.identifier)
    }

    @Test func aLinkNamesTheZoneAfterTheZoneInfoFolder() {
        #expect(TimeZoneOption.linkedZone("/usr/share/zoneinfo/Europe/Paris")?.identifier == "Europe/Paris")
        #expect(TimeZoneOption.linkedZone("../usr/share/zoneinfo/Asia/Tokyo")?.identifier == "Asia/Tokyo")
        #expect(
            TimeZoneOption.linkedZone("/usr/share/zoneinfo/Etc/UTC")?.identifier
                == TimeZone(identifier: "Etc/UTC")?.identifier)
    }

    @Test func aLinkElsewhereOrToNoZoneIsLeftToFoundation() {
        #expect(TimeZoneOption.linkedZone(nil) == nil)
        #expect(TimeZoneOption.linkedZone("/etc/zones/Europe/Paris") == nil)
        #expect(TimeZoneOption.linkedZone("/usr/share/zoneinfo/Mars/Base") == nil)
        #expect(TimeZoneOption.linkedZone("/usr/share/zoneinfo/") == nil)
        #expect(TimeZoneOption.linkedZone("/usr/share/zone") == nil)
    }
}
