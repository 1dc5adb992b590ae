import ArgumentParser
import BanterConfig
import BanterCore
import BanterTerminal
import BanterTheme

/// How bubbles are drawn: the style and the emoji width model. Shared by `chat` and the
/// printing commands; both are optional so that the defaults can follow the terminal.
struct BubbleOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Bubbles: filled, rounded or ascii (default: filled with colour, rounded without).", valueName: "style"))
    var border: BorderStyle?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "How the terminal measures emoji: modern or legacy (default: measured in a terminal, else modern).",
            valueName: "model"))
    var widthModel: WidthModel?

    /// The bubble style: `--border`, else the configuration file's `border`; nil follows
    /// the colour mode.
    func borderStyle(in settings: Settings) throws -> BorderStyle? {
        try Self.borderStyle(border, in: settings)
    }

    static func borderStyle(_ border: BorderStyle?, in settings: Settings) throws -> BorderStyle? {
        let setting = try Diagnostics.exitOnConfigError {
            try settings.resolve(.border, flag: border.map { .text($0.rawValue) })
        }
        return setting.value?.text.flatMap(BorderStyle.init(rawValue:))
    }

    /// The emoji width model the user chose, with where: `--width-model`, else the
    /// configuration file's `width-model`; nil measures the terminal (or is modern where it
    /// cannot), by `WidthModelChoice.resolve`.
    func widthModel(in settings: Settings) throws -> (model: WidthModel, origin: String)? {
        try Self.widthModel(widthModel, in: settings)
    }

    static func widthModel(_ widthModel: WidthModel?, in settings: Settings) throws -> (
        model: WidthModel, origin: String
    )? {
        let setting = try Diagnostics.exitOnConfigError {
            try settings.resolve(.widthModel, flag: widthModel.map { .text($0.rawValue) })
        }
        guard let model = setting.value?.text.flatMap(WidthModel.init(rawValue:)) else { return nil }
        return (model, setting.source.origin)
    }
}

extension SettingSource {
    /// Where a setting was made, for `--verbose`: the flag, "environment NAME", or the
    /// configuration file and line.
    var origin: String {
        if case .flag(let name) = self { return name }
        return description
    }
}

extension WidthModel: ExpressibleByArgument {}
extension BorderStyle: ExpressibleByArgument {}
