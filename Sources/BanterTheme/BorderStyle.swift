/// How bubbles are drawn. `filled` paints the whole bubble in its colour, as messaging apps
/// do, and needs colour to show; the outlines draw its edges with line characters and work
/// in plain text. Box-drawing characters are "ambiguous width" in Unicode, and some CJK
/// terminal setups draw them two columns wide; `ascii` is safe everywhere. Part of the look,
/// beside the palette, so the configuration file can name it without the terminal; the
/// terminal's `BorderStyle+Glyphs` draws it.
public enum BorderStyle: String, Hashable, Sendable, CaseIterable {
    /// A solid shape in the bubble's colour, built from what the terminal draws cleanly
    /// (the terminal's `FillShapes`): half blocks round it onto half-row margins
    /// (▗▄▄▖ ▐ text ▌ ▝▀▀▘) with a foot along the bottom edge as the tail (▄▟ / ▙▄) where the
    /// terminal draws block elements itself (kitty); cell backgrounds alone elsewhere
    /// (xterm and st take blocks from the font, which leaves hairlines and seams).
    case filled
    /// ╭──╮ │ ╰──╯, with a "╱" / "╲" tail.
    case rounded
    /// +--+ | +--+, with a "/" / "\" tail.
    case ascii
}
