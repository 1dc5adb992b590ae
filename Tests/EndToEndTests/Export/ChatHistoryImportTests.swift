import BanterTestSupport
import Foundation
import Testing

/// `banter import` of a WhatsApp export on the real binary: the format told from the file,
/// the summary, the pictures stored, lines not understood reported on standard error by
/// file and line, `--strict` and an ambiguous date order refused with nothing stored.
@Suite struct ChatHistoryImportTests {
    static let chat = """
        12/31/23, 9:05\u{202F}PM - Messages and calls are end-to-end encrypted.
        12/31/23, 9:05\u{202F}PM - Ann: Hi \u{1B}[31mthere
        12/31/23, 9:06\u{202F}PM - Me Myself: IMG-20231231-WA0001.png (file attached)
        the view
        12/32/23, 9:07\u{202F}PM - Ann: a day that is none
        1/1/24, 12:01\u{202F}AM - Ann: Happy new year

        """

    private func export() throws -> (TemporaryFolder, String) {
        let folder = try TemporaryFolder()
        let text = try folder.write("WhatsApp Chat with Ann.txt", Self.chat)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        png += [0, 0, 0, 4, 0, 0, 0, 3, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        try Data(png).write(to: URL(fileURLWithPath: folder.file("IMG-20231231-WA0001.png")))
        return (folder, text)
    }

    @Test func aWhatsAppTextImportsWithItsPictureAndReportsWhatItCouldNotRead() throws {
        let (folder, text) = try export()
        let db = folder.file("chat.db")
        let run = try BanterBinary.run(["import", text, "--me", "Me Myself", "--time-zone", "UTC", "--db", db])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(
            run.standardOutput == """
                Imported 4 messages from WhatsApp into "WhatsApp Chat with Ann" (dates month/day/year, times in UTC).
                  1 file stored with its message; 1 system line.
                  1 line was not understood or not kept whole (listed above).

                """)
        #expect(
            run.standardError
                == "banter: warning: \(text):5: 12/32/23 is not a date in month/day/year order: the line is left out\n")

        let render = try BanterBinary.run([
            "render", "--db", db, "--conversation", "WhatsApp Chat with Ann", "--all", "--width", "60",
            "--time-zone", "UTC",
        ])
        #expect(render.status == 0, "\(render.standardError)")
        #expect(!render.standardOutput.contains("\u{1B}"))
        #expect(render.standardOutput.contains("Hi ␛[31mthere"))
        #expect(render.standardOutput.contains("IMG-20231231-WA0001.png"))
        #expect(render.standardOutput.contains("the view"))
        #expect(render.standardOutput.contains("31 Dec 2023 21:05"))
    }

    @Test func strictStopsAtTheFirstLineNotUnderstoodAndStoresNothing() throws {
        let (folder, text) = try export()
        let db = folder.file("chat.db")
        let run = try BanterBinary.run([
            "import", "--from", "whatsapp", text, "--me", "Me Myself", "--strict", "--time-zone", "UTC", "--db", db,
        ])
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "banter: \(text):5: 12/32/23 is not a date in month/day/year order: the line is left out (--strict stops at the first line not understood); nothing was imported\n"
        )
        let list = try BanterBinary.run(["render", "--db", db, "--conversation", "WhatsApp Chat with Ann"])
        #expect(list.status != 0)
    }

    @Test func anAmbiguousDateOrderAsksForTheOrder() throws {
        let folder = try TemporaryFolder()
        let text = try folder.write("chat.txt", "01/02/23, 10:00 - A: one\n02/03/23, 10:00 - B: two\n")
        let run = try BanterBinary.run(["import", text, "--me", "A", "--db", folder.file("chat.db")])
        #expect(run.status == 1)
        #expect(
            run.standardError
                == "banter: the dates read as day/month/year and as month/day/year alike: say which with --date-order dmy|mdy; nothing was imported\n"
        )
        let given = try BanterBinary.run([
            "import", text, "--me", "A", "--date-order", "mdy", "--db", folder.file("chat.db"),
        ])
        #expect(given.status == 0, "\(given.standardError)")
    }

    @Test func whoIsMeIsAskedWhenTwoPeopleWrote() throws {
        let (folder, text) = try export()
        let run = try BanterBinary.run(["import", text, "--db", folder.file("chat.db")])
        #expect(run.status == 1)
        #expect(run.standardError.contains("which of \"Ann\", \"Me Myself\" are you? Say with --me NAME"))
    }

    @Test func telegramDiscordAndSlackExportsAreToldFromTheirFiles() throws {
        let folder = try TemporaryFolder()
        let db = folder.file("chat.db")
        let fixtures = Repository.url("Tests/BanterHistoryTests/Fixtures")
        let telegram = try BanterBinary.run(["import", fixtures.appendingPathComponent("Telegram").path, "--db", db])
        #expect(telegram.status == 0, "\(telegram.standardError)")
        #expect(telegram.standardOutput.hasPrefix("Imported 8 messages from Telegram into \"Telegram\""))
        #expect(telegram.standardError.contains("result.json at $.messages[8]: not a Telegram message"))

        let discord = try BanterBinary.run([
            "import", fixtures.appendingPathComponent("Discord/ann.json").path, "--me", "Sam", "--db", db,
        ])
        #expect(discord.status == 0, "\(discord.standardError)")
        #expect(discord.standardOutput.hasPrefix("Imported 4 messages from Discord into \"ann\""))

        let slack = fixtures.appendingPathComponent("Slack").path
        let unnamed = try BanterBinary.run(["import", slack, "--me", "Bo", "--db", db])
        #expect(unnamed.status == 1)
        #expect(
            unnamed.standardError
                == "banter: say which channel to import with --channel NAME (its channels: \"general\", \"random\"); nothing was imported\n"
        )
        let named = try BanterBinary.run(["import", slack, "--channel", "random", "--db", db])
        #expect(named.status == 0, "\(named.standardError)")
        #expect(named.standardOutput.hasPrefix("Imported 1 message from Slack into \"Slack\" (channel #random"))
    }
}
