/// What a filled bubble is built from, which depends on how the terminal draws block
/// characters. Terminals that draw block elements themselves (kitty) fill ▄ ▌ ▗ … to the
/// cell's edges, so half blocks round a bubble onto half-row margins. Terminals that take
/// them from the font (xterm, st) do not: DejaVu Sans Mono's blocks stop a pixel short of
/// the cell or end in a blended row at 9, 11 and 14 pt (even █), which showed as hairlines
/// past the edges, dotted edges, a seam and a detached tail. Cell backgrounds are filled edge
/// to edge by every terminal, so `wholeCells` draws with them alone.
public enum FillShapes: String, Hashable, Sendable, CaseIterable {
    /// Half blocks and quadrants: ▗▄▄▖ above, ▌ text ▐ at the sides, ▝▀▀▘ below, a ▄▟ foot
    /// as the tail.
    case halfBlocks = "blocks"
    /// Cell backgrounds only: a blank row above, the text rows on the bubble's colour with a
    /// column of padding, and the tail as the last row reaching one column further out.
    case wholeCells = "cells"

    /// The shapes `terminal` draws cleanly: half blocks where the terminal is known to draw
    /// block elements itself (measured: kitty), whole cells everywhere else, xterm and st
    /// (measured) and every terminal not known (conservatively).
    static func drawnCleanly(by terminal: TerminalIdentity) -> FillShapes {
        terminal.drawsBlockElementsItself ? .halfBlocks : .wholeCells
    }
}
