/// One frame of an animation: the full content of the live region at the bottom of the
/// screen, top to bottom, every frame the same height so the REPL can repaint in place.
struct AnimationFrame: Hashable, Sendable {
    var lines: [String]

    init(lines: [String]) {
        self.lines = lines
    }
}
