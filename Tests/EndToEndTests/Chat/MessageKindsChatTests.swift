import BanterTestSupport
import Foundation
import Testing

/// Attachments, replies, reactions, edits, deletions, copying and links in `banter chat`, as
/// a person uses them: in a real terminal (tmux, with its clipboard) and with piped input.
@Suite(.serialized) struct MessageKindsChatTests {
    /// An 8×4 PNG.
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAIAAAA8r+mnAAAAEklEQVR4nGP8z4AVMOESHIYSAD6OAQcrNwu5AAAAAElFTkSuQmCC")!

    static let bot = """
        bot { name = "Alisha" }
        fallback(function(msg, chat) chat:reply("Echo: " .. msg.text) end)
        """

    @Test func attachReactReplyEditDeleteAndCopyInATerminal() throws {
        let fixture = try ChatFixture()
        let bot = try fixture.write("alisha.lua", Self.bot)
        try Self.png.write(to: fixture.folder.appendingPathComponent("menu.png"))
        let command = "'\(BanterBinary.url.path)' chat --bot '\(bot)' --db '\(fixture.path("chat.sqlite"))'"
        let terminal = try fixture.terminal(command, width: 90, height: 40)
        try terminal.setServerOption("set-clipboard", "on")
        try terminal.waitFor(text: "Message Alisha…")

        // A picture: tmux draws none, so the placeholder bubble with name and size.
        try terminal.enter("/attach menu.png Tonight's menu")
        try terminal.waitFor(text: "📷 menu.png")
        let placeholder = try terminal.waitFor(text: "8×4 · 75 B")
        #expect(placeholder.contains { $0.contains("Tonight's menu") })
        try terminal.waitFor(text: "Echo: Tonight's menu")

        // A reaction on the newest reply shows as a badge under it; again takes it back.
        try terminal.enter("/react ❤️")
        try terminal.waitFor("a badge under the reply") { screen in
            guard let reply = screen.firstIndex(where: { $0.contains("Echo: Tonight's menu") }) else { return false }
            return screen[(reply + 1)...].prefix(3).contains { $0.trimmingCharacters(in: .whitespaces) == "❤️" }
        }

        // A reply quotes the other side's newest message.
        try terminal.enter("/reply Sounds *great*")
        let quoted = try terminal.waitFor(text: "▎ Echo: Tonight's menu")
        #expect(quoted.contains { $0.contains("▎ Alisha") })
        try terminal.waitFor(text: "Echo: Sounds *great*")

        // Edit and delete your own newest message.
        try terminal.enter("/edit Sounds perfect")
        try terminal.waitFor(text: "Sounds perfect  edited")
        try terminal.enter("/ids on")
        let withIDs = try terminal.waitFor(text: "#1 ")
        let id = try #require(
            withIDs.lazy.compactMap { line -> String? in
                guard line.contains("Sounds perfect") == false,
                    let range = line.range(of: "#[0-9]+", options: .regularExpression)
                else { return nil }
                return String(line[range])
            }.first)
        #expect(id.hasPrefix("#"))
        try terminal.enter("/delete")
        try terminal.waitFor(text: "🚫 message deleted")
        #expect(try !terminal.screen().joined().contains("Sounds perfect"))

        // Copy the other side's newest message: OSC 52 reaches tmux's clipboard.
        try terminal.enter("/copy")
        try terminal.waitFor(text: "to the clipboard")
        #expect(try terminal.pasteBuffer() == "Echo: Sounds *great*")

        // A bad reference gets one clear line.
        try terminal.enter("/react #9999 👍")
        try terminal.waitFor(text: "there is no message #9999 in this conversation")
    }

    /// A reaction and an edit made by another process on the same database appear in the
    /// open terminal within a second or so.
    @Test func changesFromAnotherTerminalAppearLive() throws {
        let fixture = try ChatFixture()
        let db = fixture.path("pair.sqlite")
        let command = "'\(BanterBinary.url.path)' chat --conversation pair --db '\(db)'"
        let terminal = try TmuxSession(
            command: command, width: 80, height: 30, environment: ["HOME": fixture.folder.path])
        try terminal.waitFor(text: "Message pair…")
        try terminal.enter("are you coming?")
        try terminal.waitFor(text: "are you coming? │")

        let other = try fixture.chat(
            ["--conversation", "pair", "--db", db, "--as", "them"], input: "/react 🔥\n/as me typo\n")
        #expect(other.status == 0, "\(other.standardError)")
        try terminal.waitFor("the reaction under the bubble") { screen in
            screen.contains { $0.trimmingCharacters(in: .whitespaces) == "🔥" }
        }
        try terminal.waitFor(text: "typo")
        let edit = try fixture.chat(["--conversation", "pair", "--db", db], input: "/edit fixed\n")
        #expect(edit.status == 0, "\(edit.standardError)")
        try terminal.waitFor(text: "fixed  edited")
    }

    @Test func pipedKindsAreReproducible() throws {
        let fixture = try ChatFixture()
        try Self.png.write(to: fixture.folder.appendingPathComponent("menu.png"))
        let db = fixture.path("chat.sqlite")
        let saved = fixture.path("back.png")
        let input = """
            /as them Look at https://example.com/menu, it's *good*
            /attach \(fixture.path("menu.png")) the menu
            /reply -1 nice
            /react 👍
            /edit nice!
            /copy --print
            /open-attachment --save \(saved)
            /open-attachment --save \(saved)
            /open-attachment --save \(fixture.folder.path)
            /delete -2
            /react #77 👍

            """
        let result = try fixture.chat(["--db", db] + ChatFixture.reproducible, input: input)
        #expect(result.status == 0)
        let out = result.standardOutput
        // Piped output keeps the text as written: markers and URLs with no escapes.
        #expect(!out.contains("\u{1B}"))
        #expect(out.contains("| u, it's *good*          |"))
        #expect(out.contains("📷 menu.png"))
        #expect(out.contains("8×4 · 75 B"))
        #expect(out.contains("▎ default") || out.contains("| default"))
        #expect(out.contains("#1 reactions changed:"))
        #expect(out.contains("nice!  edited") || out.contains("edited |"))
        #expect(out.contains("Look at https://example.com/menu, it's *good*\n"))
        #expect(out.contains("saved 75 B from #2 to \(saved)"))
        // A second save, to the same file or to a folder that has one of that name, refuses.
        #expect(
            out.contains(
                "error: \(saved) already exists; Banter does not overwrite it: remove it, or choose another path with /open-attachment --save PATH"
            ))
        #expect(out.contains("error: \(fixture.path("menu.png")) already exists; Banter does not overwrite it"))
        #expect(out.contains("#2 deleted:"))
        #expect(out.contains("message deleted"))
        #expect(out.contains("error: there is no message #77 in this conversation"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: saved)) == Self.png)
    }
}
