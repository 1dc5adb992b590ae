import BanterChat
import BanterCore

/// The plain output of a transcript feed, for pipes and files (piped chat, `banter run`, a
/// piped replay): lines are appended and never redrawn, so the newest bubble is held back
/// until the next message shows whether it carries the tail, or until other output or a
/// wait for input needs the screen. A transcript printed this way equals a render of the
/// same messages at once. Pure: it returns the lines to print.
struct PlainTranscript {
    var feed: TranscriptFeed
    /// The newest bubble, not printed yet.
    private var held: [String] = []

    init(feed: TranscriptFeed) {
        self.feed = feed
    }

    /// The lines `event` makes final.
    mutating func take(_ event: ChatEvent, origin: EventOrigin? = nil, in context: TranscriptFeed.Context) -> [String] {
        apply(feed.take(event, origin: origin, in: context))
    }

    /// The lines a message added at the end makes final.
    mutating func add(_ message: Message, in context: TranscriptFeed.Context) -> [String] {
        apply(feed.add(message, in: context))
    }

    /// The lines `drawing` makes final. A restart draws nothing here: printed lines stay.
    mutating func apply(_ drawing: TranscriptDrawing) -> [String] {
        switch drawing {
        case .append(let append):
            let previous = append.replacing?.new ?? held
            held = append.bubble
            return previous + append.separator
        case .aside(let lines):
            return flush() + lines
        case .changed(let changed):
            if let replacing = changed.replacing, !held.isEmpty {
                held = replacing.new
                return []
            }
            return flush() + changed.reprint
        case .restart, .live, .nothing:
            return []
        }
    }

    /// The held bubble as it stands (before other output, or at the end).
    mutating func flush() -> [String] {
        feed.settle()
        defer { held = [] }
        return held
    }
}
