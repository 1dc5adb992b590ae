import BanterConfig
import BanterTheme

extension ThemeChoice {
    /// Warns on standard error about each text of this theme file that is hard to read in
    /// `depths`, one line each: "banter: warning: FILE (from ORIGIN): [quote] on sent
    /// bubbles: 1.4:1 in 24-bit colour (needs 4.5:1)". `origin` says where the theme was
    /// chosen ("--theme", "environment BANTER_THEME", "/path/config.toml:3"). The one place
    /// that words the warning, for `banter themes` and for every command that draws. Built-in
    /// themes are checked by tests, so only theme files are checked here.
    func warnAboutContrast(in depths: Set<ColorDepth>, chosenIn origin: String? = nil) {
        guard let path else { return }
        let file = origin.map { "\(path) (from \($0))" } ?? path
        for warning in palette.contrastWarnings(in: depths) {
            Diagnostics.report(message: "warning: \(file): \(warning)")
        }
    }
}
