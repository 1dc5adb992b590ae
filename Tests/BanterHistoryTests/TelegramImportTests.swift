import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterHistory

/// Telegram Desktop's `result.json` (fixture in Fixtures/Telegram, written from the export's
/// documented shape) imported with its photo beside it, checked message by message.
@Suite struct TelegramImportTests {
    /// The fixture's folder copied with the photo it names.
    private func exportFolder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Telegram/result.json")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: folder.file("result.json"))
        try FileManager.default.createDirectory(atPath: folder.file("photos"), withIntermediateDirectories: true)
        try TestPicture.png(width: 3, height: 2)
            .write(to: URL(fileURLWithPath: folder.file("photos/photo_1@01-01-2024_10-02-00.png")))
        return folder
    }

    @Test func aPersonalChatImportsMessageByMessage() throws {
        let folder = try exportFolder()
        let result = try ImportRun(path: folder.path, format: .telegram, me: nil, zone: "UTC", seconds: true)
        #expect(
            result.rows == [
                Row(.system, "2024-01-01 09:00:00", "Sam phone call"),
                Row(.them, "2024-01-01 09:01:00", "Hi there\nsecond line"),
                Row(
                    .me, "2024-01-01 09:01:30",
                    "Look at *this*, _that_ and the map (https://example.com/map): `x = 1` https://example.com"),
                Row(.them, "2024-01-01 09:02:00", "sunset"),
                Row(.me, "2024-01-01 09:03:00", "fixed it", edited: true),
                Row(.them, "2024-01-01 09:04:00", "(File not included. Change data exporting settings to download.)"),
                Row(.them, "2024-01-01 09:05:00", "about what you said last year"),
                Row(.them, "2024-01-01 09:07:00", "files/../../etc/passwd\nsneaky"),
            ])
        let messages = result.messages
        #expect(result.conversation.participant?.name == "Ann")
        #expect(messages[2].quote == Quote(messageID: messages[1].id, sender: .them, excerpt: "Hi there"))
        #expect(messages[3].attachment?.pixelSize == PixelSize(width: 3, height: 2))
        #expect(messages[3].attachment?.fileName == "photo_1@01-01-2024_10-02-00.png")
        #expect(messages[4].editedAt == Timestamp(millisecondsSince1970: 1_704_099_900_000))
        #expect(messages[4].reactions.map(\.emoji) == ["👍"])
        #expect(messages[4].reactions.map(\.sender) == [.them])
        #expect(messages[6].quote == nil)
        #expect(result.summary.repliesToAbsent == 1 && result.summary.attachments == 1)
        #expect(result.summary.mediaOmitted == 1 && result.summary.missingFiles == 1)
        #expect(
            result.problems.map(\.description) == [
                "\(result.textName) at $.messages[4]: 1 of 2 👍 reactions name nobody in the export: they are left out",
                "\(result.textName) at $.messages[7]: the message has no text or file Banter reads: it is left out",
                "\(result.textName) at $.messages[8]: not a Telegram message Banter reads (id: Expected to decode Int64 but found a string instead.)",
            ])
    }

    @Test func aCutFileIsRefusedWithNothingStored() throws {
        let folder = try TemporaryFolder()
        try folder.write("result.json", "{\"name\": \"Ann\", \"type\": \"personal_chat\", \"messages\": [{\"id\": 1,")
        #expect(throws: HistoryError.self) {
            try ImportRun(path: folder.file("result.json"), format: .telegram, me: nil, zone: "UTC")
        }
    }

    @Test func theFormatIsToldFromTheFile() throws {
        let folder = try exportFolder()
        #expect(HistoryFormat.detect(path: folder.file("result.json")) == .telegram)
        #expect(HistoryFormat.detect(path: folder.path) == .telegram)
    }
}
