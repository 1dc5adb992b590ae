/// Which terminal emulator the output goes to, as far as it can tell: its variables (kitty's
/// `KITTY_WINDOW_ID` and `TERM=xterm-kitty`, xterm's `XTERM_VERSION`, st's `TERM=st-…`) or its
/// answer to XTVERSION (`ESC [ > q`, answered `ESC P > | name(version) ESC \`). Used to draw
/// what that terminal draws cleanly (`FillShapes`).
package struct TerminalIdentity: Hashable, Sendable {
    /// The emulator's name in lower case ("kitty", "xterm", "st", "tmux"), nil when unknown.
    package var name: String?
    /// Where the name came from, for `--verbose`: "environment KITTY_WINDOW_ID", "XTVERSION".
    package var source: String

    package init(name: String?, source: String) {
        self.name = name
        self.source = source
    }

    /// "kitty (environment KITTY_WINDOW_ID)", for `--verbose`.
    package var summary: String { "\(name ?? "unknown") (\(source))" }

    /// A terminal that said nothing.
    package static let unknown = TerminalIdentity(name: nil, source: "not identified")

    /// Whether the terminal draws U+2580–U+259F itself, edge to edge, rather than from the
    /// font: measured for kitty only. tmux and screen redraw through the outer terminal,
    /// which they do not name, so they count as unknown.
    var drawsBlockElementsItself: Bool { name == "kitty" }

    /// What `environment` names, nil when it names nothing. Inside tmux or screen the outer
    /// terminal's variables may be stale (set where the session started), so they are not
    /// believed.
    package static func named(in environment: [String: String]) -> TerminalIdentity? {
        let term = environment["TERM"] ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") {
            return TerminalIdentity(name: "tmux", source: environment["TMUX"] != nil ? "environment TMUX" : "TERM")
        }
        if environment["KITTY_WINDOW_ID"] != nil {
            return TerminalIdentity(name: "kitty", source: "environment KITTY_WINDOW_ID")
        }
        if term == "xterm-kitty" { return TerminalIdentity(name: "kitty", source: "TERM") }
        if environment["XTERM_VERSION"] != nil {
            return TerminalIdentity(name: "xterm", source: "environment XTERM_VERSION")
        }
        if term == "st" || term.hasPrefix("st-") { return TerminalIdentity(name: "st", source: "TERM") }
        return nil
    }

    /// The terminal an XTVERSION reply names (`ESC P > | XTerm(379) ESC \` → "xterm"), nil
    /// when `reply` holds none.
    static func named(inVersionReply reply: [UInt8]) -> TerminalIdentity? {
        let marker = Array("\u{1B}P>|".utf8)
        guard reply.count >= marker.count,
            let start = (0...(reply.count - marker.count)).first(where: {
                Array(reply[$0..<($0 + marker.count)]) == marker
            })
        else { return nil }
        var text = reply[(start + marker.count)...].prefix { $0 != 0x1B }
        text = text.prefix { $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: " ") }
        let name = String(decoding: text, as: UTF8.self).lowercased()
        guard !name.isEmpty, name.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return TerminalIdentity(name: name, source: "XTVERSION")
    }
}
