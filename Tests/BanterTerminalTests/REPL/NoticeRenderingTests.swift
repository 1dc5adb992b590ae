import BanterChat
import BanterCore
import BanterTestSupport
import BanterTheme
import Foundation
import Testing

@testable import BanterTerminal

/// How the chat draws its notices: what a command did or how it failed (the painter's
/// `info`/`error` at a width, which every command's output goes through), and a session's
/// `.notice` (a script error, centred by the feed). Each is sanitised and wrapped at word
/// boundaries to the chat's width, never left for the terminal to break mid-word. Golden
/// files at 44 and 80 columns.
@Suite struct NoticeRenderingTests {
    /// Command notices, long enough to wrap at 44 columns, one of each kind of text.
    static let infos = [
        "answering again on branch 2 (/switch 1 for the first answer)",
        "Zoë 👩‍👩‍👧‍👦 joined from bots/zoë.lua: speak as them with /as Zoë 👩‍👩‍👧‍👦 TEXT 🇫🇷 界界界界界界界界",
        "no messages contain \"\u{1B}[2Jwipe\u{202E}gnp.exe\"; typed text is shown, never obeyed",
        "saved 12 messages to /home/someone/scenarios/an-unusually-long-file-name-for-a-scenario.lua",
    ]
    static let errors = [
        "cannot write /tmp/out.lua: the folder /tmp does not let you write in it (Permission denied)"
    ]
    static let scriptError = "bot.lua:12: attempt to index a nil value (field 'memory') in the handler of on(\"^quiz\")"

    private func painter(_ colorMode: ColorMode) -> TranscriptPainter {
        TranscriptPainter(
            theme: Theme(borderStyle: .rounded, colorMode: colorMode), widthModel: .modern,
            timeZone: TimeZone(identifier: "UTC")!)
    }

    /// Every notice at `width`, a blank line after each, as the REPL shows them.
    private func drawn(by painter: TranscriptPainter, width: Int) -> [String] {
        var lines = Self.infos.flatMap { painter.info($0, width: width) + [""] }
        lines += Self.errors.flatMap { painter.error($0, width: width) + [""] }
        var feed = TranscriptFeed(painter: painter, width: width)
        let context = TranscriptFeed.Context(
            now: Timestamp(millisecondsSince1970: 0), participant: Participant(name: "A"))
        if case .aside(let notice) = feed.take(.notice(Self.scriptError), origin: .bot, in: context) {
            lines += notice
        } else {
            Issue.record("a notice is drawn beside the conversation")
        }
        return lines
    }

    @Test(arguments: [44, 80])
    func plainNotices(width: Int) throws {
        let lines = drawn(by: painter(.none), width: width)
        for line in lines {
            #expect(DisplayWidth.of(line, model: .modern) < width, "\(line)")
            #expect(!line.contains("\u{1B}") && !line.contains("\u{202E}"), "\(line)")
        }
        try GoldenFolder.transcripts.check(lines: lines, named: "notices-\(width)-plain")
    }

    @Test func wrappedAtWordBoundaries() {
        #expect(
            painter(.none).info(Self.infos[0], width: 44) == [
                "answering again on branch 2 (/switch 1 for", "the first answer)",
            ])
        #expect(painter(.none).info(Self.infos[0], width: 80) == [Self.infos[0]])
        #expect(painter(.none).error("no", width: 44) == ["error: no"])
        // Output that is not a terminal keeps each notice on one line, for grep and diff.
        #expect(painter(.none).info(Self.infos[0], width: nil) == [Self.infos[0]])
    }

    /// Each wrapped line carries its own colour, so none bleeds into the next row.
    @Test func everyColouredLineIsPaintedOnItsOwn() throws {
        let coloured = painter(.palette256)
        let errors = Self.errors.flatMap { coloured.error($0, width: 44) }
        #expect(errors.count == 3)
        for line in errors {
            #expect(line.hasPrefix("\u{1B}[") && line.hasSuffix(SGR.reset), "\(line)")
        }
        try GoldenFolder.transcripts.check(lines: drawn(by: coloured, width: 44), named: "notices-44-256")
    }
}
