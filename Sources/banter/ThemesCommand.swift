import ArgumentParser
import BanterConfig
import BanterCore
import BanterTerminal
import BanterTheme
import Foundation

/// `banter themes`: the built-in themes and the user's own, each with a one-line preview
/// drawn in it (plain names and descriptions when piped or with NO_COLOR).
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the colour themes with a preview of each.",
        discussion: """
            Lists the built-in themes (default, dark, light, mono) and yours: theme files in \
            $XDG_CONFIG_HOME/banter/themes/NAME.toml (else ~/.config/banter/themes), chosen \
            with --theme NAME or theme = "NAME" in the configuration file. Any other theme \
            file can be chosen by its path. docs/configuration.md describes the format.

            A theme whose text is hard to read on its background (below WCAG's 4.5:1, or 3:1 \
            for quiet roles such as times and statuses, in 24-bit or 256 colours) gets a \
            warning on standard error for each such pair; it is still listed and usable. \
            Commands that draw with a theme file warn the same way, once, for the colours \
            they draw in. Name theme files to check and preview only those (banter themes \
            ./mine.toml).
            """
    )

    @Argument(
        help: ArgumentHelp("Theme files to check and preview instead of the list.", valueName: "file"),
        completion: .file(extensions: ["toml"]))
    var files: [String] = []

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let library = ThemeLibrary(environment: environment)
        let colorMode = ColorMode.detect(environment: environment, isTerminal: TranscriptStyle.outputIsTerminal)
        var themes = files.isEmpty ? BuiltInTheme.allCases.map { ThemeChoice(builtIn: $0) } : []
        var broken: [ConfigError] = []
        for path in files.isEmpty ? library.userThemePaths() : files {
            do { themes.append(try library.load(path: path)) } catch { broken.append(error) }
        }
        let width = themes.map { Sanitizer.sanitize($0.name).count }.max() ?? 0
        for theme in themes {
            let name = Sanitizer.sanitize(theme.name).padding(toLength: width, withPad: " ", startingAt: 0)
            let origin = theme.path.map { " (\(Sanitizer.sanitize($0)))" } ?? ""
            if colorMode == .none {
                print("\(name)  \(Sanitizer.sanitize(theme.description))\(origin)")
            } else {
                let sample = Theme(palette: theme.palette, colorMode: colorMode)
                print("\(name)  \(Sanitizer.sanitize(theme.description))\(origin)")
                print("  \(ThemePreview.line(sample))\n  \(ThemePreview.kindsLine(sample))")
            }
        }
        for theme in themes { theme.warnAboutContrast(in: Set(ColorDepth.allCases)) }
        for error in broken { Diagnostics.report(error) }
        if !broken.isEmpty { throw ExitCode(2) }
    }
}
