import Foundation
import Testing

/// `banter chat` in a real terminal (tmux) with the theme and animation its configuration
/// file chooses: the bubbles and the prompt come out in the theme's colours.
@Suite(.serialized) struct ThemedTerminalTests {
    @Test func chatUsesTheConfiguredTheme() throws {
        let fixture = try ChatFixture()
        try FileManager.default.createDirectory(
            atPath: fixture.path("config/banter"), withIntermediateDirectories: true)
        try fixture.write(
            "config/banter/config.toml", "theme = \"light\"\nanimation = false\ndatabase = \"chat.sqlite\"\n")
        let command = "'\(BanterBinary.url.path)' chat --conversation themed"
        let terminal = try TmuxSession(
            command: command, width: 80, height: 20,
            environment: [
                "HOME": fixture.folder.path, "XDG_CONFIG_HOME": fixture.path("config"), "COLORTERM": "truecolor",
                "NO_COLOR": "",
            ])
        try terminal.waitFor(text: "Message themed…")
        try terminal.enter("hello light")
        // The typed text shows on the input line at once; the status appears once it is sent.
        try terminal.waitFor(text: "Sent ✓")
        let styled = try terminal.styledScreen()
        // The light theme's blue sent bubble, its grey prompt; none of the default theme's pink.
        #expect(styled.contains("48;2;0;102;221m"), "\(styled)")
        #expect(styled.contains("38;2;108;108;112m"), "\(styled)")
        #expect(!styled.contains("212;46;91"))
        #expect(FileManager.default.fileExists(atPath: fixture.path("config/banter/chat.sqlite")))
    }
}
