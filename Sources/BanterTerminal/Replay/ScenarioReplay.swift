import BanterChat
import BanterCore
import BanterScenario
import Foundation

/// Plays a scenario's recorded run back with real timing: each gap of virtual time becomes
/// a real pause divided by the speed (and capped), so a conversation unfolds as it would
/// have. In a terminal the typing indicator shows and sent messages animate; through a
/// pipe the output is the plain transcript `banter run` prints, only paced. Ctrl-C stops
/// it cleanly.
public final class ScenarioReplay {
    private let style: TranscriptStyle
    private let pacer: ReplayPacer
    private let live: LiveReplayDisplay?
    private var piped: StreamedTranscript
    private let output = TerminalOutput()

    /// - Parameters:
    ///   - speed: virtual seconds per real second (2 plays twice as fast).
    ///   - maximumPause: the longest real pause between two events; nil for none.
    ///   - liveTerminal: draw the typing indicator and redraw in place (a terminal).
    ///   - animates: animate sent messages (only with `liveTerminal`).
    public init(style: TranscriptStyle, speed: Double, maximumPause: Duration?, liveTerminal: Bool, animates: Bool) {
        self.style = style
        pacer = ReplayPacer(speed: max(speed, 0.001), maximumPause: maximumPause)
        live = liveTerminal ? LiveReplayDisplay(style: style, animates: animates) : nil
        piped = StreamedTranscript(painter: style.painter, width: style.width)
    }

    /// A recorded run: what the conversation held when it opened and every event after.
    public struct Recording {
        public var start: Timestamp
        public var opening: [Message]
        public var openingRules: GroupingRules
        public var participant: Participant
        public var timeline: [TimedEvent]

        public init(start: Timestamp, opening: [Message], openingRules: GroupingRules, participant: Participant, timeline: [TimedEvent]) {
            self.start = start
            self.opening = opening
            self.openingRules = openingRules
            self.participant = participant
            self.timeline = timeline
        }
    }

    /// Plays `recording`; returns false when Ctrl-C stopped it.
    public func play(_ recording: Recording) -> Bool {
        var rules = recording.openingRules
        var now = recording.start
        let participant = recording.participant
        func renderer() -> TranscriptRenderer {
            style.painter.renderer(now: now, participant: participant, rules: rules)
        }
        for message in recording.opening {
            show(message, rules: rules, renderer: renderer())
        }
        var completed = true
        for timed in recording.timeline {
            if !wait(from: now, to: timed.time, renderer: { renderer() }) {
                completed = false
                break
            }
            now = max(now, timed.time)
            switch timed.event {
            case .messageAdded(let message):
                live?.isTyping = false
                show(message, rules: rules, renderer: renderer())
            case .notice(let text), .note(let text):
                if let live { live.notice(text, renderer: renderer()) } else {
                    output.write(lines: piped.notice(text, renderer: renderer()))
                }
            case .rulesChanged(let changed):
                rules = changed
            case .typingStarted:
                live?.isTyping = true
                live?.tick(renderer: renderer())
            case .typingStopped:
                live?.isTyping = false
                live?.tick(renderer: renderer())
            case .messageUpdated(let message):
                if let live { live.update(message, renderer: renderer()) } else {
                    output.write(lines: piped.update(message, renderer: renderer()))
                }
            case .botLoaded, .conversationOpened, .handlerTraced:
                break
            }
        }
        if let live {
            live.finish()
        } else {
            output.write(lines: piped.flush(renderer: renderer()))
        }
        return completed
    }

    private func show(_ message: Message, rules: GroupingRules, renderer: TranscriptRenderer) {
        if let live {
            live.add(message, rules: rules, renderer: renderer)
        } else {
            output.write(lines: piped.add(message, rules: rules, renderer: renderer))
        }
    }

    /// Pauses for the gap between two virtual times, moving the typing dots meanwhile.
    private func wait(from start: Timestamp, to end: Timestamp, renderer: () -> TranscriptRenderer) -> Bool {
        var left = pacer.pause(for: .milliseconds(end.millisecondsSince1970 - start.millisecondsSince1970))
        let tick = Duration.milliseconds(300)
        while left > .zero {
            let slice = live?.isTyping == true ? min(left, tick) : left
            guard pacer.sleep(slice) else { return false }
            left -= slice
            if live?.isTyping == true { live?.tick(renderer: renderer()) }
        }
        return !pacer.isInterrupted
    }
}
