import BanterChat
import BanterCore
import BanterTheme
import Foundation
import Testing

@testable import BanterTerminal

/// The transcript feed with plain values: events in, lines and replacements out. Whatever
/// an output does with them (a terminal rewriting the tail in place, a pipe holding the
/// newest bubble back), the result reads as a full render of the same messages.
@Suite struct TranscriptFeedTests {
    static let start: Int64 = 1_795_111_200_000
    static let participant = Participant(name: "Alisha")
    static let painter = TranscriptPainter(
        theme: Theme(borderStyle: .rounded, colorMode: .none), widthModel: .modern,
        timeZone: TimeZone(identifier: "UTC")!)

    private func message(_ id: Int64, _ sender: Sender, _ text: String, at seconds: Int64) -> Message {
        Message(
            id: id, conversationID: 1, sender: sender, text: text,
            sentAt: Timestamp(millisecondsSince1970: Self.start + seconds * 1000))
    }

    private func context(_ rules: GroupingRules = GroupingRules(), reachedBeginning: Bool = false)
        -> TranscriptFeed.Context
    {
        TranscriptFeed.Context(
            now: Timestamp(millisecondsSince1970: Self.start + 60_000), participant: Self.participant, rules: rules,
            reachedBeginning: reachedBeginning)
    }

    private func feed(_ options: TranscriptFeed.Options = .init()) -> TranscriptFeed {
        TranscriptFeed(painter: Self.painter, width: 60, options: options)
    }

    /// Random conversations: bursts, cluster and section gaps, all three roles and two
    /// participants of a group (whose bubbles carry names and avatars).
    private func conversations(count: Int) -> [[Message]] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            var time: Int64 = 0
            return (0..<Int64.random(in: 1...10, using: &generator)).map { id in
                time += [0, 5, 20, 21, 3600, 3601].randomElement(using: &generator)!
                let sender: Sender = [
                    .me, .them, .system, Sender(.them, participant: "Quizzy"), Sender(.them, participant: "Host"),
                ].randomElement(using: &generator)!
                return message(id + 1, sender, "message \(id + 1)", at: time)
            }
        }
    }

    @Test func plainOutputReadsAsAFullRender() {
        for messages in conversations(count: 100) {
            var plain = PlainTranscript(feed: feed())
            var printed: [String] = []
            for message in messages { printed += plain.take(.messageAdded(message), origin: .bot, in: context()) }
            printed += plain.flush()
            #expect(printed == feed().window(messages, in: context()))
        }
    }

    @Test func aTerminalRewritingTheTailInPlaceShowsAFullRender() {
        for messages in conversations(count: 100) {
            var feed = feed(.init(redrawsWindow: true, marksBeginning: true))
            let context = context(reachedBeginning: true)
            var screen = [feed.beginningOfConversation(in: context)]
            for message in messages {
                guard case .append(let append) = feed.take(.messageAdded(message), origin: .bot, in: context) else {
                    Issue.record("a message in time order is appended")
                    return
                }
                if let replacing = append.replacing {
                    #expect(Array(screen.suffix(replacing.old.count)) == replacing.old)
                    let row = replacing.bottomRowOnly
                    #expect(row != nil, "only the tail's row moves")
                    screen[screen.count - 1] = row ?? ""
                }
                screen += append.lines
            }
            #expect(screen == feed.window(messages, in: context))
        }
    }

    @Test func joiningAClusterReplacesThePreviousBubblesTail() throws {
        var feed = feed()
        let first = message(1, .them, "hey", at: 0)
        _ = feed.take(.messageAdded(first), origin: .bot, in: context())
        let joined = feed.take(.messageAdded(message(2, .them, "you there?", at: 5)), origin: .bot, in: context())
        guard case .append(let append) = joined else { throw Failure("expected an append, got \(joined)") }
        let replacing = try #require(append.replacing)
        #expect(replacing.old.last == "╱╰─────╯")
        #expect(replacing.bottomRowOnly == " ╰─────╯")
        #expect(append.separatorRows == 0)
        let apart = feed.take(.messageAdded(message(3, .them, "later", at: 60)), origin: .bot, in: context())
        guard case .append(let next) = apart else { throw Failure("expected an append, got \(apart)") }
        #expect(next.replacing == nil)
        #expect(next.separator == [""])
    }

    @Test func aNoticeBelowABubbleLeavesItsTailAlone() throws {
        var feed = feed()
        _ = feed.take(.messageAdded(message(1, .them, "hey", at: 0)), origin: .bot, in: context())
        let notice = feed.take(.notice("bot.lua:3: oops"), origin: .bot, in: context())
        #expect(notice == .aside(["                      bot.lua:3: oops"]))
        let joined = feed.take(.messageAdded(message(2, .them, "again", at: 5)), origin: .bot, in: context())
        guard case .append(let append) = joined else { throw Failure("expected an append, got \(joined)") }
        #expect(append.replacing == nil)
    }

    @Test func onlyTheUsersOwnTypedMessageAnimates() throws {
        var feed = feed(.init(animation: .sentByUser))
        func animates(_ message: Message, _ origin: EventOrigin) throws -> Bool {
            let drawing = feed.take(.messageAdded(message), origin: origin, in: context())
            guard case .append(let append) = drawing else { throw Failure("expected an append, got \(drawing)") }
            return append.animates
        }
        #expect(try animates(message(1, .me, "typed", at: 0), .user))
        #expect(try !animates(message(2, .me, "from elsewhere", at: 1), .otherProcess))
        #expect(try !animates(message(3, .them, "reply", at: 2), .bot))
        var file = message(4, .me, "", at: 3)
        file.attachment = Attachment(fileName: "a.txt", mediaType: "text/plain", byteCount: 1)
        #expect(try !animates(file, .user))
        var never = self.feed()
        guard
            case .append(let append) = never.take(
                .messageAdded(message(1, .me, "x", at: 0)), origin: .user, in: context())
        else { throw Failure("expected an append") }
        #expect(!append.animates)
    }

    @Test func aChangedMessageIsReplacedWhileNewestElseReprinted() throws {
        var feed = feed()
        let first = message(1, .me, "hello", at: 0)
        var second = message(2, .them, "hi", at: 60)
        _ = feed.take(.messageAdded(first), origin: .user, in: context())
        _ = feed.take(.messageAdded(second), origin: .bot, in: context())
        var delivered = first
        delivered.status = .read
        #expect(feed.take(.messageUpdated(delivered), origin: .bot, in: context()) == .live(.statusMoved))
        second.text = "hi!"
        let newest = feed.take(.messageUpdated(second), origin: .bot, in: context())
        guard case .changed(let changed) = newest else { throw Failure("expected a change, got \(newest)") }
        #expect(changed.replacing?.new.contains(" │ hi! │") == true)
        var edited = first
        edited.text = "hello again"
        let older = feed.take(.messageUpdated(edited), origin: .user, in: context())
        guard case .changed(let reprinted) = older else { throw Failure("expected a change, got \(older)") }
        #expect(reprinted.replacing == nil)
        #expect(reprinted.reprint.first?.trimmingCharacters(in: .whitespaces) == "#1 edited:")
        var window = self.feed(.init(redrawsWindow: true))
        _ = window.take(.messageAdded(first), origin: .user, in: context())
        #expect(window.take(.messageUpdated(edited), origin: .user, in: context()) == .restart(.changed))
    }

    @Test func rulesAndOrderChangesRestartAWindowAndTheFeedFollowsTheRules() {
        var feed = feed(.init(redrawsWindow: true))
        let rules = GroupingRules(sectionGap: .seconds(10), clusterGap: .seconds(1))
        #expect(feed.take(.rulesChanged(rules), origin: .user, in: context()) == .restart(.regrouped))
        #expect(feed.followedRules == rules)
        _ = feed.take(.messageAdded(message(2, .me, "late", at: 10)), origin: .user, in: context())
        #expect(
            feed.take(.messageAdded(message(1, .me, "early", at: 5)), origin: .otherProcess, in: context())
                == .restart(.reordered))
        var plain = self.feed()
        _ = plain.take(.messageAdded(message(2, .me, "late", at: 10)), origin: .user, in: context())
        guard case .append = plain.take(.messageAdded(message(1, .me, "early", at: 5)), origin: .user, in: context())
        else {
            Issue.record("an output that cannot redraw gets the message appended")
            return
        }
    }

    @Test func tracesAreDrawnOnlyWhenShownAndLiveEventsMoveTheLiveRegion() {
        var feed = feed()
        #expect(
            feed.take(.typingStarted(until: Timestamp(millisecondsSince1970: 0)), origin: .bot, in: context())
                == .live(.typingStarted))
        #expect(feed.take(.typingStopped, origin: .session, in: context()) == .live(.typingStopped))
        #expect(feed.take(.botLoaded(Self.participant), origin: .session, in: context()) == .live(.participantChanged))
        let live = self.feed()
        #expect(live.liveLines(newest: message(1, .me, "x", at: 0), typingFrame: 3, in: context()).count == 2)
        #expect(live.liveLines(newest: message(1, .them, "x", at: 0), typingFrame: nil, in: context()).isEmpty)
        let trace = ChatEvent.handlerTraced(TraceRenderingTests.traces[0])
        var hidden = self.feed()
        #expect(hidden.take(trace, origin: .bot, in: context()) == .nothing)
        var shown = self.feed(.init(showsTraces: true))
        guard case .aside(let lines) = shown.take(trace, origin: .bot, in: context()) else {
            Issue.record("a shown trace is drawn below the transcript")
            return
        }
        #expect(lines.first?.hasPrefix("↳ ") == true)
    }
}

private struct Failure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
