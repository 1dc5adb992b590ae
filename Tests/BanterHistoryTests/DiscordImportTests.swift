import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterHistory

/// A DiscordChatExporter JSON export (fixture in Fixtures/Discord, written from the tool's
/// documented output) imported with its media folder, checked message by message.
@Suite struct DiscordImportTests {
    private func exportFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Discord/ann.json")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: folder.file("ann.json"))
        try FileManager.default.createDirectory(
            atPath: folder.file("ann.json_Files"), withIntermediateDirectories: true)
        try TestPicture.png(width: 5, height: 4).write(
            to: URL(fileURLWithPath: folder.file("ann.json_Files/view-1A2B.png")))
        return folder
    }

    @Test func aDirectMessageChannelImportsMessageByMessage() throws {
        let folder = try exportFolder()
        let result = try ImportRun(
            path: folder.file("ann.json"), format: .discord, me: "Sam", zone: "UTC", seconds: true)
        #expect(
            result.rows == [
                Row(.them, "2024-01-01 09:01:00", "Happy new year!"),
                Row(.me, "2024-01-01 09:02:00", "Same to you, two pictures:", edited: true),
                Row(.me, "2024-01-01 09:02:00", "https://cdn.discordapp.com/attachments/1/2/other.jpg"),
                Row(.system, "2024-01-01 09:04:00", "Added Bo to the group."),
            ])
        let messages = result.messages
        #expect(messages[0].sentAt == Timestamp(millisecondsSince1970: 1_704_099_660_123))
        #expect(messages[0].reactions.map(\.emoji) == ["🎉"] && messages[0].reactions.map(\.sender) == [.me])
        #expect(messages[1].quote == Quote(messageID: messages[0].id, sender: .them, excerpt: "Happy new year!"))
        #expect(messages[1].attachment?.fileName == "view-1A2B.png")
        #expect(messages[1].attachment?.pixelSize == PixelSize(width: 5, height: 4))
        #expect(messages[1].editedAt == Timestamp(millisecondsSince1970: 1_704_099_780_000))
        #expect(
            result.problems.map(\.description) == [
                "\(result.textName) at $.messages[1]: the custom emoji reaction :partyparrot: is not one emoji: it is left out",
                "\(result.textName) at $.messages[3]: \"yesterday\" is not an ISO 8601 time: the message is left out",
                "\(result.textName) at $.messages[4]: the message has no text or file Banter reads (stickers and embeds are not kept): it is left out",
            ])
    }

    @Test func theFormatIsToldFromTheFile() throws {
        let folder = try exportFolder()
        #expect(HistoryFormat.detect(path: folder.file("ann.json")) == .discord)
    }
}
