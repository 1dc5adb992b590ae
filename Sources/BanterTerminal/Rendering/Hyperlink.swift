import BanterCore

/// OSC 8 hyperlinks (`ESC ] 8 ; params ; URI ESC \`): text between an opening and a closing
/// escape is clickable in terminals that support them (kitty, iTerm2, WezTerm, foot, GNOME
/// Terminal, Windows Terminal, recent xterm …) and shows as plain text in the others.
enum Hyperlink {
    /// The escape that starts a link to `target`. `target` must be printable ASCII
    /// (`InlineMarkup.linkTarget` makes it so); anything else is percent-encoded here too, so
    /// nothing in it can end the escape. `id` groups the pieces of one link that is drawn on
    /// several rows (the terminal underlines them together on hover); it is cut to safe
    /// characters.
    static func open(_ target: String, id: String? = nil) -> String {
        var params = ""
        if let id {
            let safe = id.unicodeScalars.filter {
                $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-")
            }
            if !safe.isEmpty { params = "id=" + String(String.UnicodeScalarView(safe)) }
        }
        return "\u{1B}]8;" + params + ";" + printableTarget(target) + "\u{1B}\\"
    }

    /// The escape that ends the current link.
    static let close = "\u{1B}]8;;\u{1B}\\"

    private static func printableTarget(_ target: String) -> String {
        if target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return target }
        return InlineMarkup.linkTarget(target)
    }
}
