import BanterTheme

/// A theme found by name or path: what it is called, its colours and where it came from.
public struct ThemeChoice: Sendable {
    public var name: String
    public var palette: Palette
    public var description: String
    /// The file it was read from; nil for a built-in theme.
    public var path: String?

    public init(name: String, palette: Palette, description: String, path: String?) {
        self.name = name
        self.palette = palette
        self.description = description
        self.path = path
    }

    /// A built-in theme.
    public init(builtIn theme: BuiltInTheme) {
        self.init(name: theme.rawValue, palette: theme.palette, description: theme.summary, path: nil)
    }
}
