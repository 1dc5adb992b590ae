import ArgumentParser
import BanterConfig
import Foundation

/// `--config`: which configuration file a command reads. Declared once for every command
/// that has settings; `settings()` is where a command reads it.
struct ConfigOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The configuration file (default: $BANTER_CONFIG, else $XDG_CONFIG_HOME/banter/config.toml).",
            valueName: "path"), completion: .file(extensions: ["toml"]))
    var config: String?

    /// The effective settings. A broken configuration file ends the command here, with
    /// status 2 and "FILE:LINE: what is wrong": Banter never starts on silent defaults. The
    /// theme the file (or BANTER_THEME) names is part of it: it must exist and parse.
    func settings() throws -> Settings {
        try Self.settings(config: config)
    }

    /// The settings for `--config PATH` (nil: the default file), as above; shared with the
    /// parser-free reading of `render`'s arguments (`RenderArguments`).
    static func settings(config: String?) throws -> Settings {
        try Diagnostics.exitOnConfigError {
            var settings = try Settings.load(explicit: config, environment: ProcessInfo.processInfo.environment)
            try settings.checkTheme()
            return settings
        }
    }
}
