import BanterCore
import BanterStore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterHistory

/// Each fixture in Fixtures/WhatsApp (written from WhatsApp's export forms and the edge
/// cases other parsers' users reported) imported through the real importer into a real
/// store, and the conversation checked message by message.
@Suite struct WhatsAppImportTests {
    @Test func androidEnglishTwelveHourWithNarrowSpaces() throws {
        let result = try ImportRun(fixture: "android-en-us.txt", me: "Bob", zone: "America/New_York")
        #expect(result.summary.notes == ["dates month/day/year", "times in America/New_York"])
        #expect(
            result.rows == [
                Row(
                    .system, "2023-12-31 21:05",
                    "Messages and calls are end-to-end encrypted. No one outside of this chat, not even WhatsApp, can read or listen to them. Tap to learn more."
                ),
                Row(.them, "2023-12-31 21:05", "Happy new year almost!"),
                Row(
                    .me, "2023-12-31 21:06",
                    "Same to you 🎉\nSecond line of Bob's message\n\nafter a blank line: still Bob's"),
                Row(.them, "2024-01-01 00:01", "<Media omitted>"),
                Row(.me, "2024-01-01 00:02", "", deleted: true),
                Row(.them, "2024-01-01 00:03", "Fixed the typo", edited: true),
                Row(.system, "2024-01-13 12:00", "Alice Example changed the subject from \"Plans: 2024\" to \"Trips\""),
                Row(.them, "2024-01-13 13:15", "IMG-20240113-WA0001.jpg (file attached)\nLook at this view"),
                Row(.me, "2024-01-13 13:16", "Time: 13:16, place: here"),
            ])
        #expect(result.conversation.participant?.name == "Alice Example")
        #expect(result.summary.mediaOmitted == 1 && result.summary.missingFiles == 1 && result.summary.deleted == 1)
        #expect(result.summary.systemLines == 2 && result.summary.problems == 0 && result.problems.isEmpty)
    }

    @Test func iOSGermanBracketsMarksAndAttachments() throws {
        let result = try ImportRun(fixture: "ios-de.txt", me: "alice", zone: "Europe/Berlin", seconds: true)
        #expect(result.summary.notes.first == "dates day/month/year")
        #expect(
            result.rows == [
                Row(
                    .system, "2023-12-31 21:05:09",
                    "Nachrichten und Anrufe sind Ende-zu-Ende-verschlüsselt. Niemand außerhalb dieses Chats kann sie lesen oder anhören."
                ),
                Row(.me, "2023-12-31 21:05:30", "Bist du schon da?"),
                Row(.them, "2023-12-31 21:06:10", "<Anhang: 00000012-PHOTO-2023-12-31-21-06-10.jpg>"),
                Row(.me, "2024-01-01 00:00:01", "Frohes neues Jahr!"),
                Row(.them, "2024-01-01 00:01:00", "Bild weggelassen"),
                Row(.me, "2024-01-01 00:02:00", "", deleted: true),
                Row(.them, "2024-01-13 09:30:00", "Bericht.pdf • 3 Seiten \u{200E}document omitted"),
            ])
        #expect(result.summary.mediaOmitted == 2 && result.summary.missingFiles == 1)
    }

    @Test func spanishMeridiemsWithSpacesAndFourDigitYears() throws {
        let result = try ImportRun(fixture: "android-es.txt", me: "Luis", zone: "America/Mexico_City")
        #expect(
            result.rows == [
                Row(.them, "2023-12-31 21:05", "Hola, ¿cómo estás?"),
                Row(.me, "2023-12-31 21:07", "Bien 😀"),
                Row(.them, "2024-01-01 00:30", "<Multimedia omitido>"),
                Row(.me, "2024-01-01 00:31", "", deleted: true),
                Row(.them, "2024-01-01 00:32", "VID-20240101-WA0002.mp4 (archivo adjunto)"),
            ])
    }

    @Test func isoDatesAndTheChronologyDecideTheOrder() throws {
        let iso = try ImportRun(fixture: "android-iso.txt", me: "Lee", zone: "UTC")
        #expect(iso.rows == [Row(.them, "2023-12-31 21:05", "新年快乐"), Row(.me, "2024-01-01 00:00", "Happy new year")])
        let chronology = try ImportRun(fixture: "chronology.txt", me: "A", zone: "UTC")
        #expect(chronology.summary.notes.first == "dates day/month/year")
        #expect(chronology.rows.map(\.time) == ["2023-01-12 10:00", "2023-02-01 10:00", "2023-02-05 10:00"])
    }

    @Test func finnishKloAndAnHourThatIsNone() throws {
        let result = try ImportRun(fixture: "ios-fi.txt", me: "Liisa", zone: "Europe/Helsinki", seconds: true)
        #expect(result.rows == [Row(.them, "2022-03-12 14:08:18", "Moi"), Row(.me, "2022-03-12 14:09:00", "Hei")])
        #expect(result.problems.map(\.location.line) == [3])
    }

    @Test func ambiguousDatesAskForTheOrderAndStoreNothing() throws {
        #expect(throws: HistoryError.ambiguousDateOrder([.dmy, .mdy])) {
            try ImportRun(fixture: "ambiguous.txt", me: "A", zone: "UTC")
        }
        let given = try ImportRun(fixture: "ambiguous.txt", me: "A", zone: "UTC", order: .mdy)
        #expect(given.rows.map(\.time) == ["2023-01-02 10:00", "2023-02-03 10:00"])
        #expect(given.summary.notes.first == "dates month/day/year (--date-order)")
    }

    @Test func aGroupKeepsEveryNameAndFoldsTheOthersIntoTheOtherSide() throws {
        let result = try ImportRun(fixture: "group.txt", me: "Eli", zone: "UTC")
        #expect(result.summary.folded == ["Dana", "Fay", "Gus"])
        #expect(result.rows.filter { $0.role == .system }.count == 2)
        #expect(
            result.messages.filter { $0.sender.role != .system }.map(\.sender) == [
                Sender(.them, participant: "Dana"), Sender(.me, participant: "Eli"), Sender(.them, participant: "Fay"),
                Sender(.them, participant: "Gus"), Sender(.them, participant: "Dana"), Sender(.me, participant: "Eli"),
            ])
        #expect(result.participants.map(\.name) == ["Eli", "Dana", "Fay", "Gus"])
        #expect(result.participants.map(\.kind) == [.you, .person, .person, .person])
        #expect(result.summary.lines.contains { $0.contains("Dana, Fay, Gus are folded into the other side") })
    }

    @Test func everyLineNotUnderstoodIsReportedWithItsLine() throws {
        let result = try ImportRun(fixture: "problems.txt", me: "Alice", zone: "UTC")
        #expect(
            result.problems.map(\.description) == [
                "\(result.textName):1: text before the first message, without a date and time: the line is left out",
                "\(result.textName):3: 32/12/23 is not a date in day/month/year order: the line is left out",
                "\(result.textName):5: the time is not a time of day: the line is left out",
            ])
        #expect(result.summary.problems == 3)
        #expect(
            result.rows == [Row(.me, "2023-12-31 21:05", "fine"), Row(.them, "2023-12-31 21:07", "back to normal")])
        #expect(result.summary.lines.last == "  3 lines were not understood or not kept whole (listed above).")
    }

    @Test func strictStopsAtTheFirstProblemAndStoresNothing() throws {
        let folder = try TemporaryFolder()
        let store = try ChatStore(path: folder.file("chat.db"))
        let export = try ChatExport(path: ImportRun.fixture("problems.txt"))
        let options = HistoryImportOptions(me: "Alice", zone: TimeZone(identifier: "UTC")!, strict: true)
        #expect(throws: HistoryError.self) {
            try HistoryImporter.importWhatsApp(export, into: store, options: options) { _ in }
        }
        #expect(try store.conversationSummaries().isEmpty)
    }

    @Test func badBytesAreReportedAndKeptVisibly() throws {
        let result = try ImportRun(fixture: "not-utf8.txt", me: "Bob", zone: "UTC")
        #expect(result.problems.count == 1)
        #expect(result.rows.first?.text == "caf\u{FFFD} au lait")
    }

    @Test func meMustNameASenderAndIsNeededForTwo() throws {
        #expect(throws: HistoryError.whoIsMe(authors: ["Alice Example", "Bob"])) {
            try ImportRun(fixture: "android-en-us.txt", me: nil, zone: "UTC")
        }
        #expect(throws: HistoryError.unknownMe("Carol", authors: ["Alice Example", "Bob"])) {
            try ImportRun(fixture: "android-en-us.txt", me: "Carol", zone: "UTC")
        }
    }

    @Test func aZipExportStoresItsPicturesWithTheirMessages() throws {
        let folder = try TemporaryFolder()
        let picture = TestPicture.png(width: 3, height: 2)
        let chat = """
            [31.12.23, 21:05:09] Alice: Look
            \u{200E}[31.12.23, 21:06:10] Bob: \u{200E}<attached: 00000012-PHOTO-2023-12-31-21-06-10.png>
            [31.12.23, 21:07:00] Alice: nice
            \u{200E}[31.12.23, 21:08:00] Bob: \u{200E}<attached: 00000013-PHOTO-2023-12-31-21-08-00.jpg>

            """
        let zip = try TestZip.make(
            at: folder.file("WhatsApp Chat - Alice.zip"),
            files: ["_chat.txt": Data(chat.utf8), "00000012-PHOTO-2023-12-31-21-06-10.png": picture])
        let result = try ImportRun(path: zip, me: "Bob", zone: "UTC")
        #expect(result.conversation.title == "WhatsApp Chat - Alice")
        let stored = result.messages[1]
        #expect(
            stored.attachment
                == Attachment(
                    fileName: "00000012-PHOTO-2023-12-31-21-06-10.png", mediaType: "image/png",
                    byteCount: picture.count, pixelSize: PixelSize(width: 3, height: 2)))
        #expect(stored.text == "")
        #expect(try result.store.attachmentContents(messageID: stored.id) == picture)
        #expect(result.messages[3].attachment == nil)
        #expect(result.messages[3].text == "<attached: 00000013-PHOTO-2023-12-31-21-08-00.jpg>")
        #expect(result.summary.attachments == 1 && result.summary.missingFiles == 1)
    }

    @Test func aTextFileFindsItsMediaBesideIt() throws {
        let folder = try TemporaryFolder()
        try Data("31/12/23, 21:05 - Ann: IMG-20231231-WA0001.png (file attached)\ncaption here\n".utf8)
            .write(to: URL(fileURLWithPath: folder.file("WhatsApp Chat with Ann.txt")))
        try TestPicture.png(width: 1, height: 1).write(to: URL(fileURLWithPath: folder.file("IMG-20231231-WA0001.png")))
        let result = try ImportRun(path: folder.path, me: nil, zone: "UTC")
        #expect(result.messages.first?.attachment?.fileName == "IMG-20231231-WA0001.png")
        #expect(result.messages.first?.text == "caption here")
    }

    @Test func theFormatIsToldFromTheFile() throws {
        #expect(HistoryFormat.detect(path: ImportRun.fixture("ios-de.txt")) == .whatsapp)
        #expect(HistoryFormat.detect(path: ImportRun.fixture("android-en-us.txt")) == .whatsapp)
        let folder = try TemporaryFolder()
        let json = try folder.write("chat.json", "{\"version\":2}\n")
        #expect(HistoryFormat.detect(path: json) == nil)
    }
}
