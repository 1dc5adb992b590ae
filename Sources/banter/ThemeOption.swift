import ArgumentParser
import BanterConfig

/// `--theme`: the colour theme, by name or theme file. Declared once for every command that
/// draws (`chat`, `run`, `replay`, `render`, `export`).
struct ThemeOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The colour theme: default, dark, light, mono, one of yours (banter themes lists them) or a theme file "
            + "(default: $BANTER_THEME, else the configuration file's, else default).",
        valueName: "name|path"), completion: .themeNames)
    var theme: String?

    /// The theme by precedence: `--theme`, `BANTER_THEME`, the file's `theme`, `default`.
    func choice(in settings: Settings) throws -> ThemeChoice {
        try Diagnostics.exitOnConfigError { try settings.theme(flag: theme) }
    }

    /// The theme chosen and where, for `--verbose`: "dark (from --theme)", "ocean
    /// (/home/me/.config/banter/themes/ocean.toml, from environment BANTER_THEME)",
    /// "default (default)".
    func origin(of choice: ThemeChoice, in settings: Settings) throws -> String {
        let source = try Diagnostics.exitOnConfigError { try settings.resolve(.theme, flag: theme.map(ConfigValue.text)) }.source
        let file = choice.path.map { "\($0), " } ?? ""
        return source == .builtIn ? "\(choice.name) (default)" : "\(choice.name) (\(file)from \(source.origin))"
    }
}
