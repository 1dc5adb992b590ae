import ArgumentParser
import BanterConfig
import BanterTheme

/// `--theme`: the colour theme, by name or theme file. Declared once for every command that
/// draws (`chat`, `run`, `replay`, `render`, `export`).
struct ThemeOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The colour theme: default, dark, light, mono, one of yours (banter themes lists them) or a theme file "
                + "(default: $BANTER_THEME, else the configuration file's, else default).",
            valueName: "name|path"), completion: .themeNames)
    var theme: String?

    /// The theme by precedence: `--theme`, `BANTER_THEME`, the file's `theme`, `default`.
    func choice(in settings: Settings) throws -> ThemeChoice {
        try Self.choice(theme, in: settings)
    }

    static func choice(_ theme: String?, in settings: Settings) throws -> ThemeChoice {
        try Diagnostics.exitOnConfigError { try settings.theme(flag: theme) }
    }

    /// The theme chosen and where, for `--verbose`: "dark (from --theme)", "ocean
    /// (/home/me/.config/banter/themes/ocean.toml, from environment BANTER_THEME)",
    /// "default (default)".
    func origin(of choice: ThemeChoice, in settings: Settings) throws -> String {
        let source = try self.source(in: settings)
        let file = choice.path.map { "\($0), " } ?? ""
        return source == .builtIn ? "\(choice.name) (default)" : "\(choice.name) (\(file)from \(source.origin))"
    }

    /// The colours to draw with in `depth` (nil: plain text, which uses none of them). A
    /// theme file that is hard to read in that depth gets a warning on standard error, by
    /// `warnAboutContrast(of:in:drawnIn:)`.
    func palette(in settings: Settings, drawnIn depth: ColorDepth?) throws -> Palette {
        try Self.palette(theme, in: settings, drawnIn: depth)
    }

    static func palette(_ theme: String?, in settings: Settings, drawnIn depth: ColorDepth?) throws -> Palette {
        let choice = try choice(theme, in: settings)
        try warnAboutContrast(of: choice, theme: theme, in: settings, drawnIn: depth)
        return choice.palette
    }

    /// Warns once, when a command starts drawing, if the theme file `choice` (chosen in
    /// `settings`) has text below its contrast minimum in `depth`: each command draws with
    /// one theme, so the warning never repeats with a redraw, and it goes to standard error,
    /// never into a transcript. Plain output (nil) shows no theme colour and is not checked.
    func warnAboutContrast(of choice: ThemeChoice, in settings: Settings, drawnIn depth: ColorDepth?) throws {
        try Self.warnAboutContrast(of: choice, theme: theme, in: settings, drawnIn: depth)
    }

    private static func warnAboutContrast(
        of choice: ThemeChoice, theme: String?, in settings: Settings, drawnIn depth: ColorDepth?
    ) throws {
        guard let depth else { return }
        choice.warnAboutContrast(in: [depth], chosenIn: try source(theme, in: settings).origin)
    }

    private func source(in settings: Settings) throws -> SettingSource {
        try Self.source(theme, in: settings)
    }

    private static func source(_ theme: String?, in settings: Settings) throws -> SettingSource {
        try Diagnostics.exitOnConfigError { try settings.resolve(.theme, flag: theme.map(ConfigValue.text)) }.source
    }
}
