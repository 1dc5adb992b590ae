import BanterStore
import Testing

@Suite("Default database path")
struct DefaultPathTests {
    @Test func banterDBWins() {
        let path = ChatStore.defaultPath(environment: [
            "BANTER_DB": "/tmp/x.sqlite", "XDG_DATA_HOME": "/data", "HOME": "/home/me",
        ])
        #expect(path == "/tmp/x.sqlite")
    }

    @Test func xdgDataHomeIsUsedWhenAbsolute() {
        let path = ChatStore.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/me"])
        #expect(path == "/data/banter/banter.sqlite")
    }

    @Test func relativeOrEmptyXDGDataHomeFallsBackToHome() {
        for value in ["relative/dir", ""] {
            let path = ChatStore.defaultPath(environment: ["XDG_DATA_HOME": value, "HOME": "/home/me"])
            #expect(path == "/home/me/.local/share/banter/banter.sqlite")
        }
    }

    @Test func emptyBanterDBIsIgnored() {
        let path = ChatStore.defaultPath(environment: ["BANTER_DB": "", "HOME": "/home/me"])
        #expect(path == "/home/me/.local/share/banter/banter.sqlite")
    }
}
