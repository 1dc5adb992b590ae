import Foundation

/// The few rows at the bottom of the terminal that are redrawn in place (delivery status,
/// typing dots) under the lines printed for good; shared by the interactive REPL and the
/// live replay. It builds the text to write and remembers how many rows the region holds;
/// the caller decides how the text reaches the terminal.
struct LiveRegion {
    /// What ends a line: "\r\n" while readline has the terminal in its raw-ish mode.
    let newline: String
    /// Rows the region occupies right now.
    private(set) var rows = 0

    init(newline: String) {
        self.newline = newline
    }

    /// The last rows printed above the region drawn again: `rows` of them replaced by
    /// `lines` (the previous bubble's tail moved, its quick replies went). The rows must
    /// still be on the screen.
    struct Rewrite: Equatable {
        var rows: Int
        var lines: [String]
    }

    /// Prints `permanent` lines for good (first drawing the rows just above them again, as
    /// `rewrite` says) and draws `live` under them.
    mutating func redraw(permanent: [String], rewriting rewrite: Rewrite? = nil, live: [String]) -> String {
        var text = ANSI.up(rows + (rewrite?.rows ?? 0)) + ANSI.clearBelow
        for line in (rewrite?.lines ?? []) + permanent + live { text += line + newline }
        rows = live.count
        return text
    }

    /// Whether `rewrite` reaches only rows still on a screen of `screenRows` rows.
    func fits(_ rewrite: Rewrite, screenRows: Int) -> Bool {
        rewrite.rows + rows < screenRows - 1
    }

    /// Clears the screen (never the scrollback) and draws `lines`, then `live` under them.
    mutating func repaint(_ lines: [String], live: [String]) -> String {
        var text = ANSI.clearScreen
        for line in lines + live { text += line + newline }
        rows = live.count
        return text
    }

    /// Removes the region, so what comes next starts where it began.
    mutating func clear() -> String {
        defer { rows = 0 }
        return ANSI.up(rows) + ANSI.clearBelow
    }

    /// Sends `bubble` up from the input row (text starting at `startColumn`) into its place
    /// under `separator`, then prints it for good with `live` under it; without the
    /// animation when the screen (`screenRows`) is too short for it. Each piece of text
    /// goes to `write` as the frames advance.
    mutating func animate(
        _ bubble: [String], after separator: [String], rewriting rewrite: Rewrite?, live: [String],
        startColumn: Int, screenRows: Int, write: (String) -> Void
    ) {
        let rise = live.count + 1
        let height = bubble.count + rise
        guard height < screenRows else {
            write(redraw(permanent: separator + bubble, rewriting: rewrite, live: live))
            return
        }
        let frames = SendAnimation().frames(bubble: bubble, startColumn: startColumn, rise: rise)
        var head = ANSI.hideCursor + ANSI.up(rows + (rewrite?.rows ?? 0)) + ANSI.clearBelow
        for line in (rewrite?.lines ?? []) + separator { head += line + newline }
        rows = live.count
        write(head)
        for frame in frames.dropLast() {
            write(frame.lines.joined(separator: newline))
            usleep(Self.frameMicroseconds)
            write("\r" + ANSI.up(height - 1) + ANSI.clearBelow)
        }
        write((bubble + live).map { $0 + newline }.joined() + ANSI.showCursor)
    }

    /// About 30 frames a second: five frames make a send of a sixth of a second.
    static let frameMicroseconds: UInt32 = 33_000
}
