import BanterTheme

/// A theme found by name or path: what it is called, its colours and where it came from.
package struct ThemeChoice: Sendable {
    package var name: String
    package var palette: Palette
    package var description: String
    /// The file it was read from; nil for a built-in theme.
    package var path: String?

    package init(name: String, palette: Palette, description: String, path: String?) {
        self.name = name
        self.palette = palette
        self.description = description
        self.path = path
    }

    /// A built-in theme.
    package init(builtIn theme: BuiltInTheme) {
        self.init(name: theme.rawValue, palette: theme.palette, description: theme.summary, path: nil)
    }
}
