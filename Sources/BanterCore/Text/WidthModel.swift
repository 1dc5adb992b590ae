/// How the terminal counts columns. Terminals disagree on emoji sequences, so the user can
/// pick the model that matches theirs and keep bubble borders aligned. A plain value here,
/// below the terminal that measures with it, because the configuration file names it too.
public enum WidthModel: String, Hashable, Sendable, CaseIterable {
    /// Per grapheme cluster, as kitty, iTerm2, WezTerm, foot and Windows Terminal draw text:
    /// a ZWJ family, a flag or a skin-toned emoji takes two columns.
    case modern
    /// Per code point, summed, like glibc's `wcwidth` and the terminals built on it (VTE,
    /// xterm, Alacritty): a ZWJ family of four people takes eight columns.
    case legacy
}
