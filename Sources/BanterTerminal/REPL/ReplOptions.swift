import BanterCore
import BanterTheme
import Foundation

/// How the REPL draws: widths, borders, colour and animation, and where history is kept.
package struct ReplOptions: Sendable {
    /// A fixed width in columns; nil follows the terminal output goes to (else `COLUMNS`,
    /// else 80, when output is not a terminal).
    package var width: Int?
    /// The emoji width model; nil measures the terminal's (modern when piped or unanswered).
    package var widthModel: WidthModel?
    /// Where `widthModel` was set, for `--verbose`: "--width-model" or the configuration's line.
    package var widthModelOrigin = "--width-model"
    /// The bubble style; nil is `filled` with colour and `rounded` without.
    package var borderStyle: BorderStyle?
    /// The theme's colours by role.
    package var palette: Palette
    /// The theme's name and where it was chosen, for `--verbose`: "dark (from --theme)".
    package var themeOrigin = "default (default)"
    /// How pictures are drawn inline (`--images`); `auto` detects the terminal's protocol.
    package var images: InlineImageChoice
    /// Whether to say, on start, which width model and style are in use and why.
    package var verbose: Bool
    /// The send animation, when the output is also a terminal that allows it.
    package var animates: Bool
    /// Whether the interactive REPL reloads the bot when its files change (the
    /// configuration's `watch`, on by default; chat's `--no-watch`).
    package var watchesBot: Bool
    /// Where headers' local times are computed.
    package var timeZone: TimeZone
    /// The readline history file; nil keeps no history (an in-memory database).
    package var historyPath: String?
    /// The process environment, for colour detection and `COLUMNS`.
    package var environment: [String: String]

    package init(
        width: Int? = nil, widthModel: WidthModel? = nil, borderStyle: BorderStyle? = nil, palette: Palette = .standard,
        images: InlineImageChoice = .auto, verbose: Bool = false,
        animates: Bool = true, watchesBot: Bool = true, timeZone: TimeZone = .current, historyPath: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.width = width
        self.widthModel = widthModel
        self.borderStyle = borderStyle
        self.palette = palette
        self.images = images
        self.verbose = verbose
        self.animates = animates
        self.watchesBot = watchesBot
        self.timeZone = timeZone
        self.historyPath = historyPath
        self.environment = environment
    }

    /// The history file beside the database (`banter_history` in its folder), or nil for an
    /// in-memory database.
    package static func historyPath(forDatabase path: String) -> String? {
        guard path != ":memory:", !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("banter_history").path
    }
}
