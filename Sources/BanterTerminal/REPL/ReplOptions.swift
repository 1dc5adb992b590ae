import BanterCore
import BanterTheme
import Foundation

/// How the REPL draws: widths, borders, colour and animation, and where history is kept.
public struct ReplOptions: Sendable {
    /// A fixed width in columns; nil follows the terminal (or `COLUMNS`, else 80, when piped).
    public var width: Int?
    /// The emoji width model; nil measures the terminal's (modern when piped or unanswered).
    public var widthModel: WidthModel?
    /// Where `widthModel` was set, for `--verbose`: "--width-model" or the configuration's line.
    public var widthModelOrigin = "--width-model"
    /// The bubble style; nil is `filled` with colour and `rounded` without.
    public var borderStyle: BorderStyle?
    /// The theme's colours by role.
    public var palette: Palette
    /// The theme's name and where it was chosen, for `--verbose`: "dark (from --theme)".
    public var themeOrigin = "default (default)"
    /// How pictures are drawn inline (`--images`); `auto` detects the terminal's protocol.
    public var images: InlineImageChoice
    /// Whether to say, on start, which width model and style are in use and why.
    public var verbose: Bool
    /// The send animation, when the output is also a terminal that allows it.
    public var animates: Bool
    /// Whether the interactive REPL reloads the bot when its files change (the
    /// configuration's `watch`, on by default; chat's `--no-watch`).
    public var watchesBot: Bool
    /// Where headers' local times are computed.
    public var timeZone: TimeZone
    /// The readline history file; nil keeps no history (an in-memory database).
    public var historyPath: String?
    /// The process environment, for colour detection and `COLUMNS`.
    public var environment: [String: String]

    public init(
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
    public static func historyPath(forDatabase path: String) -> String? {
        guard path != ":memory:", !path.isEmpty else { return nil }
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("banter_history").path
    }
}
