import BanterChat
import BanterCore
import BanterScenario
import Foundation

/// Plays a scenario's recorded run, or a stretch of a stored conversation, back with real
/// timing: each gap of virtual (or recorded) time becomes a real pause divided by the speed
/// (and capped), so a conversation unfolds as it would have. In a terminal the typing indicator shows and sent messages animate; through a
/// pipe the output is the plain transcript `banter run` prints, only paced. Ctrl-C stops
/// it cleanly.
package final class ScenarioReplay {
    private let style: TranscriptStyle
    private let pacer: ReplayPacer
    private let liveTerminal: Bool
    private let animates: Bool
    private let output = TerminalOutput()

    /// - Parameters:
    ///   - speed: virtual seconds per real second (2 plays twice as fast).
    ///   - maximumPause: the longest real pause between two events; nil for none.
    ///   - liveTerminal: draw the typing indicator and redraw in place (a terminal).
    ///   - animates: animate sent messages (only with `liveTerminal`).
    package init(style: TranscriptStyle, speed: Double, maximumPause: Duration?, liveTerminal: Bool, animates: Bool) {
        self.style = style
        pacer = ReplayPacer(speed: max(speed, 0.001), maximumPause: maximumPause)
        self.liveTerminal = liveTerminal
        self.animates = animates
    }

    /// A recorded run: what the conversation held when it opened and every event after.
    package struct Recording {
        package var start: Timestamp
        package var opening: [Message]
        package var openingRules: GroupingRules
        package var participant: Participant
        package var timeline: [TimedEvent]
        /// A group's participants, as the run ended with them (who left included).
        package var participants: [Participant]

        package init(
            start: Timestamp, opening: [Message], openingRules: GroupingRules, participant: Participant,
            timeline: [TimedEvent], participants: [Participant] = []
        ) {
            self.start = start
            self.opening = opening
            self.openingRules = openingRules
            self.participant = participant
            self.timeline = timeline
            self.participants = participants
        }
    }

    /// Plays `recording`; returns false when Ctrl-C stopped it.
    package func play(_ recording: Recording) -> Bool {
        play(recording, timeline: recording.timeline)
    }

    /// Plays `recording`'s opening, then `timeline` in place of its own, read only as it is
    /// played: a stored stretch streams its pages, so a long one never sits in memory whole.
    /// Returns false when Ctrl-C stopped it.
    package func play(_ recording: Recording, timeline: some Sequence<TimedEvent>) -> Bool {
        var now = recording.start
        // The rules are the feed's to follow: the opening ones, then as the events change them.
        var context: TranscriptFeed.Context {
            TranscriptFeed.Context(
                now: now, participant: recording.participant, rules: nil, participants: recording.participants)
        }
        let live =
            liveTerminal ? LiveReplayDisplay(style: style, animates: animates, rules: recording.openingRules) : nil
        var piped = PlainTranscript(
            feed: TranscriptFeed(painter: style.painter, width: style.width, rules: recording.openingRules))
        func draw(_ event: ChatEvent) {
            if let live {
                live.take(event, in: context)
            } else {
                output.write(lines: piped.take(event, in: context))
            }
        }
        for message in recording.opening {
            draw(.messageAdded(message))
        }
        var completed = true
        for timed in timeline {
            if !wait(from: now, to: timed.time, live: live, context: { context }) {
                completed = false
                break
            }
            now = max(now, timed.time)
            draw(timed.event)
        }
        if let live {
            live.finish()
        } else {
            output.write(lines: piped.flush())
        }
        return completed
    }

    /// Pauses for the gap between two virtual times, moving the typing dots meanwhile.
    private func wait(
        from start: Timestamp, to end: Timestamp, live: LiveReplayDisplay?, context: () -> TranscriptFeed.Context
    ) -> Bool {
        var left = pacer.pause(for: .milliseconds(end.millisecondsSince1970 - start.millisecondsSince1970))
        let tick = Duration.milliseconds(300)
        while left > .zero {
            let slice = live?.isTyping == true ? min(left, tick) : left
            guard pacer.sleep(slice) else { return false }
            left -= slice
            if live?.isTyping == true { live?.tick(in: context()) }
        }
        return !pacer.isInterrupted
    }
}
