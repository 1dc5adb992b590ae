/// How bubbles are drawn. `filled` paints the whole bubble in its colour, as messaging apps
/// do, and needs colour to show; the outlines draw its edges with line characters and work
/// in plain text. Box-drawing characters are "ambiguous width" in Unicode, and some CJK
/// terminal setups draw them two columns wide; `ascii` is safe everywhere. Part of the look,
/// beside the palette, so the configuration file can name it without the terminal; the
/// terminal's `BorderStyle+Glyphs` draws it.
public enum BorderStyle: String, Hashable, Sendable, CaseIterable {
    /// A solid shape in the bubble's colour: half blocks round it onto half-row margins
    /// (▗▄▄▖ ▐ text ▌ ▝▀▀▘) and a foot along the bottom edge is the tail (▄▟ / ▙▄). Only lower
    /// half blocks (and quadrants) draw the horizontal edges: the top edge as ▄ in the
    /// bubble's colour, the bottom edge inverted (the margin is the glyph, the bubble its
    /// background). Terminals that take block glyphs from the font (xterm, st) draw ▄ to
    /// the cell's edges but start ▀ a pixel below the cell's top, which left a line of the
    /// bubble's colour above every bubble.
    case filled
    /// ╭──╮ │ ╰──╯, with a "╱" / "╲" tail.
    case rounded
    /// +--+ | +--+, with a "/" / "\" tail.
    case ascii
}
