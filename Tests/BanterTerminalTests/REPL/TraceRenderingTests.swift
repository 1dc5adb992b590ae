import BanterChat
import BanterCore
import BanterLua
import BanterTestSupport
import BanterTheme
import Foundation
import Testing

@testable import BanterScript
@testable import BanterTerminal

/// How `/trace` draws a handler trace: plain lines from `HandlerTrace.lines`, then dim,
/// sanitised and fitted to the width by the painter. Golden files at 40 and 80 columns.
@Suite struct TraceRenderingTests {
    /// One trace of each kind a chat produces.
    static let traces: [HandlerTrace] = [
        HandlerTrace(
            trigger: .message("my name is Bob"),
            handlers: [
                TracedHandler(label: "on_message", file: "alisha.lua", line: 40),
                TracedHandler(label: "on(\"my name is (%a+)\")", file: "alisha.lua", line: 49, captures: ["Bob"]),
            ],
            instructions: 3000, elapsed: .microseconds(420),
            actions: [
                .mark(.delivered), .mark(.read),
                .reply("Nice to meet you, Bob", after: .seconds(1), typing: .milliseconds(2667)),
                .memory(written: ["messages", "name"], deleted: []),
            ],
            outcome: .paused(until: Timestamp(millisecondsSince1970: 1_000))),
        HandlerTrace(trigger: .message("???"), instructions: 0, elapsed: .microseconds(35)),
        HandlerTrace(
            trigger: .resumed, handlers: [TracedHandler(label: "on(\"^quiz\")", file: "alisha.lua", line: 70)],
            instructions: 999, elapsed: .microseconds(260), actions: [.ask(timeout: .seconds(600))],
            outcome: .asking(deadline: nil)),
        HandlerTrace(
            trigger: .answer("sea"), handlers: [TracedHandler(label: "on(\"^quiz\")", file: "alisha.lua", line: 70)],
            instructions: 1200, elapsed: .microseconds(1500),
            actions: [
                .reply("Sea it is 🌊", after: nil, typing: nil), .typing(.seconds(3)), .typing(nil),
                .wait(.milliseconds(1500)), .memory(written: [], deleted: ["quiz"]),
            ]),
        HandlerTrace(
            trigger: .opened(firstTime: true), handlers: [TracedHandler(label: "on_open", file: "bot.lua", line: 3)],
            instructions: 0, elapsed: .microseconds(90),
            notes: [
                ScriptNote(
                    file: "bot.lua", line: 5, message: "note: 'rply' is not defined (it reads as nil; misspelt?)")
            ],
            outcome: .failed(
                ScriptError(file: "bot.lua", line: 5, reason: "attempt to call a nil value (global 'rply')"))),
        HandlerTrace(
            trigger: .askTimedOut, handlers: [TracedHandler(label: "fallback", file: "bot.lua", line: 9)],
            instructions: 0, elapsed: .zero, actions: [.reply("Hello?\u{1B}[2J", after: .seconds(2), typing: nil)]),
    ]

    private func painter(_ colorMode: ColorMode) -> TranscriptPainter {
        TranscriptPainter(
            theme: Theme(borderStyle: .rounded, colorMode: colorMode), widthModel: .modern,
            timeZone: TimeZone(identifier: "UTC")!)
    }

    /// `trace` as a display draws it: the event's lines at the painter's trace width.
    private func drawn(_ trace: HandlerTrace, by painter: TranscriptPainter, width: Int) -> [String] {
        let lines = ChatEvent.handlerTraced(trace).traceLines(width: painter.traceWidth(for: width)) ?? []
        return painter.trace(lines, width: width)
    }

    @Test(arguments: [40, 80])
    func plainTraces(width: Int) throws {
        let lines = Self.traces.flatMap { drawn($0, by: painter(.none), width: width) + [""] }
        for line in lines {
            #expect(DisplayWidth.of(line, model: .modern) < width)
            #expect(!line.contains("\u{1B}"))
        }
        try GoldenFolder.transcripts.check(lines: lines, named: "trace-\(width)-plain")
    }

    @Test func colouredTracesAreDim() throws {
        let lines = Self.traces.flatMap { drawn($0, by: painter(.palette256), width: 80) }
        for line in lines {
            #expect(line.hasPrefix(SGR.dim) && line.hasSuffix(SGR.reset))
        }
        try GoldenFolder.transcripts.check(lines: lines, named: "trace-80-256")
    }

    @Test func plainLinesWrapBetweenItems() {
        let lines = Self.traces[0].lines(width: 40)
        #expect(
            lines == [
                "\"my name is Bob\" → on_message alisha.lua:40,",
                "  on(\"my name is (%a+)\") alisha.lua:49 captures \"Bob\"",
                "  ≈3k instructions · 0.42 ms",
                "  mark delivered · mark read",
                "  reply \"Nice to meet you, Bob\" after 1s, typing 2s667ms",
                "  memory: wrote messages, name",
            ])
    }
}
