import ArgumentParser
import BanterConfig
import BanterCore
import BanterTerminal
import BanterTheme
import Foundation

/// The options every printing command shares: width, colour, borders, emoji widths.
struct TranscriptOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Render at this many columns (default: the terminal's, else 80; a scenario's width setting, at most the terminal's).",
            valueName: "n"))
    var width: Int?

    @Flag(
        name: .long,
        help: "Colour the transcript even when piped (by default colour follows the terminal and NO_COLOR).")
    var color = false

    @OptionGroup var bubbles: BubbleOptions

    @OptionGroup var theme: ThemeOption

    func validate() throws {
        try Self.validate(width: width)
    }

    static func validate(width: Int?) throws {
        if let width, width < 20 { throw ValidationError("--width must be at least 20 columns, got \(width)") }
    }

    /// The style for output in `timeZone`: plain text unless the output is a terminal that
    /// takes colour, or `--color` asks for it; border and theme by precedence; the width model
    /// as chat chooses it (`--width-model`, the configuration, else measured in a terminal); filled
    /// bubbles in the shapes the terminal draws cleanly (`FillShapes.choose`). Keys typed while
    /// the terminal was asked are handed back to it (`TerminalTypeahead.handBack`).
    /// `preferredWidth` is a scenario's `width` (see `TranscriptStyle.width`). A theme file hard
    /// to read in the colours used is warned about here, once, on standard error.
    func style(timeZone: TimeZone, settings: Settings, preferredWidth: Int? = nil) throws -> TranscriptStyle {
        try Self.style(
            width: width, color: color, border: bubbles.border, widthModel: bubbles.widthModel, theme: theme.theme,
            timeZone: timeZone, settings: settings, preferredWidth: preferredWidth)
    }

    /// The style as above for the options' values; shared with the parser-free reading of
    /// `render`'s arguments (`RenderArguments`).
    static func style(
        width: Int?, color: Bool, border: BorderStyle?, widthModel: WidthModel?, theme: String?,
        timeZone: TimeZone, settings: Settings, preferredWidth: Int? = nil
    ) throws -> TranscriptStyle {
        let environment = settings.environment
        let colorMode =
            color
            ? (ColorMode.detect(environment: environment, isTerminal: true) == .trueColor ? .trueColor : .palette256)
            : ColorMode.detect(environment: environment, isTerminal: TranscriptStyle.outputIsTerminal)
        let widthModel = WidthModelChoice.resolve(
            given: try BubbleOptions.widthModel(widthModel, in: settings), environment: environment,
            outputIsTerminal: TranscriptStyle.outputIsTerminal
        ).model
        let palette = try ThemeOption.palette(theme, in: settings, drawnIn: colorMode.depth)
        let borderStyle = try BubbleOptions.borderStyle(border, in: settings)
        // Only filled bubbles depend on the terminal's block glyphs: ask it only then.
        let drawsFills = Theme(palette: palette, borderStyle: borderStyle, colorMode: colorMode).borderStyle == .filled
        let style = TranscriptStyle(
            width: TranscriptStyle.width(requested: width, preferred: preferredWidth, environment: environment),
            widthModel: widthModel, borderStyle: borderStyle, colorMode: colorMode, timeZone: timeZone,
            palette: palette,
            fillShapes: drawsFills
                ? FillShapes.choose(environment: environment, outputIsTerminal: TranscriptStyle.outputIsTerminal).shapes
                : .halfBlocks)
        // The terminal's answers are in: keys typed meanwhile go back to it, for the shell.
        let lost = TerminalTypeahead.standardInput.handBack()
        if lost > 0 {
            Diagnostics.report(
                message: "\(lost) bytes typed while the terminal was asked how it draws could not be given back "
                    + "to it (the kernel refuses TIOCSTI): type them again")
        }
        return style
    }
}
