import BanterTheme
import TOMLKit

/// A theme written as TOML: optionally `extends` a built-in theme, then sets any role.
///
///     description = "Solarized, for dark terminals"
///     extends = "dark"
///     [sent]
///     fill = "#268BD2"
///     text = 15
///     [header]
///     foreground = "#93A1A1"
///     bold = true
///
/// Colours are "#RRGGBB", a 256-colour index, or "none" to remove one (bubble colours and
/// text roles). A table changes only the keys it sets. Every mistake is an error at its
/// line, with what is accepted.
struct ThemeFile: Sendable {
    var palette: Palette
    /// The `description` line, shown by `banter themes`.
    var description: String?

    init(palette: Palette, description: String?) {
        self.palette = palette
        self.description = description
    }

    /// Parses a theme file's `text`; `origin` names the file in errors.
    static func parse(_ text: String, origin: String) throws(ConfigError) -> ThemeFile {
        let document = try TOMLDocument(text: text, origin: origin)
        let tables = Palette.BubbleRole.allCases.map(\.rawValue) + ["page"] + Palette.TextRole.allCases.map(\.rawValue)
        let keys = try document.keys(
            of: document.root, at: [], accepted: ["description", "extends"] + tables, what: "theme key")
        var palette = Palette.standard
        var description: String?
        if let base = document.root["extends"] {
            guard let name = base.string, let theme = BuiltInTheme(rawValue: name) else {
                throw document.error(
                    at: ["extends"],
                    "extends must name a built-in theme: \(BuiltInTheme.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            palette = theme.palette
        }
        for key in keys {
            guard let value = document.root[key] else { continue }
            switch key {
            case "extends":
                continue
            case "description":
                guard let text = value.string else {
                    throw document.error(at: [key], "description must be a string, not \(TOMLDocument.describe(value))")
                }
                description = text
            case "page":
                let table = try document.table(value, at: [key])
                for name in try document.keys(of: table, at: [key], accepted: Palette.pageKeys.map(\.name), what: "key")
                {
                    guard let keyPath = Palette.pageKeys.first(where: { $0.name == name })?.keyPath,
                        let color = try color(table[name], at: [key, name], in: document, allowsNone: false)
                    else { continue }
                    palette.page[keyPath: keyPath] = color
                }
            default:
                if let role = Palette.BubbleRole(rawValue: key) {
                    let table = try document.table(value, at: [key])
                    let accepted = Palette.BubbleRole.keys
                    for name in try document.keys(of: table, at: [key], accepted: accepted.map(\.name), what: "key") {
                        guard let keyPath = accepted.first(where: { $0.name == name })?.keyPath else { continue }
                        palette[keyPath: role.keyPath][keyPath: keyPath] = try color(
                            table[name], at: [key, name], in: document, allowsNone: true)
                    }
                } else if let role = Palette.TextRole(rawValue: key) {
                    let table = try document.table(value, at: [key])
                    palette[keyPath: role.keyPath] = try style(
                        table, over: palette[keyPath: role.keyPath], at: [key], in: document)
                }
            }
        }
        return ThemeFile(palette: palette, description: description)
    }

    /// A text role's table: each colour or attribute it sets replaces the base theme's, the
    /// rest stay ("none" removes a colour, `false` an attribute).
    private static func style(
        _ table: TOMLTable, over base: TextStyle, at path: [String], in document: TOMLDocument
    ) throws(ConfigError) -> TextStyle {
        let colors = Palette.TextRole.colorKeys
        let attributes = Palette.TextRole.attributeKeys
        var style = base
        for name in try document.keys(
            of: table, at: path, accepted: colors.map(\.name) + attributes.map(\.name), what: "key")
        {
            if let keyPath = colors.first(where: { $0.name == name })?.keyPath {
                style[keyPath: keyPath] = try color(table[name], at: path + [name], in: document, allowsNone: true)
            } else if let keyPath = attributes.first(where: { $0.name == name })?.keyPath {
                guard let flag = table[name]?.bool else {
                    throw document.error(
                        at: path + [name],
                        "\(name) must be true or false, not \(table[name].map(TOMLDocument.describe) ?? "empty")")
                }
                style[keyPath: keyPath] = flag
            }
        }
        return style
    }

    /// A colour value: "#RRGGBB", an index 0–255, or "none" where a colour may be absent.
    private static func color(
        _ value: (any TOMLValueConvertible)?, at path: [String], in document: TOMLDocument, allowsNone: Bool
    ) throws(ConfigError) -> ThemeColor? {
        let accepted = ThemeColor.accepted + (allowsNone ? ", or \"none\"" : "")
        if let index = value?.int {
            guard (0...255).contains(index) else {
                throw document.error(at: path, "\(index) is not a 256-colour index: write \(accepted)")
            }
            return .indexed(UInt8(index))
        }
        guard let text = value?.string else {
            throw document.error(
                at: path, "\(path.last ?? "") must be \(accepted), not \(value.map(TOMLDocument.describe) ?? "empty")")
        }
        if allowsNone && text == "none" { return nil }
        guard text.hasPrefix("#"), let color = ThemeColor(parsing: text) else {
            throw document.error(at: path, "\"\(text)\" is not a colour: write \(accepted)")
        }
        return color
    }
}
