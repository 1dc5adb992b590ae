import BanterCore
import BanterTheme
import Foundation

/// How a printed transcript looks: width, emoji width model, borders, colour and the zone
/// headers are computed in. Shared by `banter run`, `replay` and `render`.
package struct TranscriptStyle: Sendable {
    package var width: Int
    package var widthModel: WidthModel
    /// The bubble style; nil is `filled` with colour and `rounded` without.
    package var borderStyle: BorderStyle?
    package var colorMode: ColorMode
    package var timeZone: TimeZone
    /// The theme's colours by role.
    package var palette: Palette
    /// What filled bubbles are built from (`FillShapes.choose`).
    package var fillShapes: FillShapes

    package init(
        width: Int = 80, widthModel: WidthModel = .modern, borderStyle: BorderStyle? = nil,
        colorMode: ColorMode = .none, timeZone: TimeZone = .current, palette: Palette = .standard,
        fillShapes: FillShapes = .halfBlocks
    ) {
        self.fillShapes = fillShapes
        self.palette = palette
        self.width = width
        self.widthModel = widthModel
        self.borderStyle = borderStyle
        self.colorMode = colorMode
        self.timeZone = timeZone
    }

    /// The width to use: `requested` (`--width`); else `preferred` (a scenario's `width`,
    /// the width its author drew it for), narrowed to the terminal's so that no row wraps;
    /// else the terminal's; piped, `preferred`, else `COLUMNS`, else 80. The terminal is the
    /// one standard output reaches, whatever standard input is (`printf … | banter chat`
    /// in a terminal draws at its width).
    package static func width(requested: Int?, preferred: Int? = nil, environment: [String: String]) -> Int {
        width(
            requested: requested, preferred: preferred, terminalColumns: TerminalSize.of(STDOUT_FILENO)?.columns,
            environment: environment)
    }

    /// `width(requested:preferred:environment:)`'s rule on what it read: `terminalColumns`
    /// is standard output's width (TIOCGWINSZ), nil when it is not a terminal.
    static func width(requested: Int?, preferred: Int?, terminalColumns: Int?, environment: [String: String]) -> Int {
        if let requested { return requested }
        if let terminalColumns { return min(preferred ?? terminalColumns, terminalColumns) }
        if let preferred { return preferred }
        return environment["COLUMNS"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 80
    }

    /// The terminal's rows, else `LINES`, else 24: how much "a screenful" is.
    package static func rows(environment: [String: String]) -> Int {
        if let size = TerminalSize.of() { return size.rows }
        return environment["LINES"].flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil } ?? 24
    }

    /// Whether standard output is a terminal.
    package static var outputIsTerminal: Bool { TerminalSize.isTerminal(STDOUT_FILENO) }

    var painter: TranscriptPainter {
        TranscriptPainter(
            theme: Theme(palette: palette, borderStyle: borderStyle, colorMode: colorMode, fillShapes: fillShapes),
            widthModel: widthModel,
            timeZone: timeZone)
    }
}
