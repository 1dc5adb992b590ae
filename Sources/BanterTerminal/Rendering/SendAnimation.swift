/// The frames of a sent message travelling from the input line into its place, as in
/// Apple's Messages: the bubble starts on the input line where the text was typed and
/// rises up and right, easing out, to where the transcript will print it. Pure data: the
/// REPL decides whether to animate (terminal, colour, `--no-animation`) and paces frames.
struct SendAnimation: Hashable, Sendable {
    /// Frames generated, first (on the input line) and last (in place) included; at least 2.
    var frameCount: Int

    /// Fewer than 2 frames becomes 2, so the bubble always starts on the input line and ends
    /// in place.
    init(frameCount: Int = 5) {
        self.frameCount = max(frameCount, 2)
    }

    /// The frames for `bubble` (the message's final rendered lines, right-aligned with
    /// spaces as `TranscriptRenderer` draws them).
    ///
    /// - Parameters:
    ///   - startColumn: the column where the typed text began on the input line (the
    ///     bubble never starts right of its final place).
    ///   - rise: rows between the input line and the bubble's final bottom row.
    /// - Returns: frames of `bubble.count + rise` lines each. The first has the bubble's
    ///   bottom row on the last line (the input line) shifted to `startColumn`; the last has
    ///   the bubble in place on the first lines and `rise` blank lines below.
    func frames(bubble: [String], startColumn: Int, rise: Int) -> [AnimationFrame] {
        let rise = max(rise, 0)
        let height = bubble.count + rise
        let leading = bubble.map(Self.leadingSpaces)
        let finalColumn = leading.min() ?? 0
        // A bubble wider than the room right of the typed text starts where it ends up:
        // moving it right of its place would push it past the last column, and the
        // terminal would wrap the frame's rows and scroll.
        let startColumn = min(startColumn, finalColumn)
        var frames: [AnimationFrame] = []
        frames.reserveCapacity(frameCount)
        for step in 0..<frameCount {
            let progress = Double(step) / Double(frameCount - 1)
            let eased = 1 - (1 - progress) * (1 - progress) * (1 - progress)
            let top = Int((Double(rise) * (1 - eased)).rounded())
            let column = Int((Double(startColumn) + Double(finalColumn - startColumn) * eased).rounded())
            let shift = column - finalColumn
            var lines = Array(repeating: "", count: height)
            for (index, line) in bubble.enumerated() {
                let newLeading = max(leading[index] + shift, 0)
                let body = line.utf8.dropFirst(leading[index])
                lines[top + index] = String(repeating: " ", count: newLeading) + String(Substring(body))
            }
            frames.append(AnimationFrame(lines: lines))
        }
        return frames
    }

    /// The count of leading ASCII spaces, which are always one byte each.
    private static func leadingSpaces(_ line: String) -> Int {
        var count = 0
        for byte in line.utf8 {
            guard byte == 0x20 else { break }
            count += 1
        }
        return count
    }
}
