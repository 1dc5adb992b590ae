/// How a terminal draws pictures inline, if it does: images in attachment bubbles use it,
/// every other terminal (and piped output) gets a placeholder with the name and size.
public enum InlineImageProtocol: String, Hashable, Sendable, CaseIterable {
    /// The kitty graphics protocol (kitty, Ghostty, WezTerm with it enabled, Konsole): PNG
    /// only, so other formats get the placeholder there.
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm, mintty …): PNG, JPEG, GIF and more.
    case iterm2
    /// No inline images.
    case none

    /// The media types the protocol draws.
    package func draws(mediaType: String) -> Bool {
        switch self {
        case .kitty: mediaType == "image/png"
        case .iterm2: ["image/png", "image/jpeg", "image/gif", "image/webp"].contains(mediaType)
        case .none: false
        }
    }

    /// The protocol for `choice` in a process with `environment` whose output is (or is not)
    /// a terminal. `auto` reads `BANTER_IMAGES` first (`kitty`, `iterm2`, `none`), then what
    /// the terminal says it is: `TERM=xterm-kitty` or `KITTY_WINDOW_ID`, `TERM=xterm-ghostty`
    /// → kitty; `TERM_PROGRAM=iTerm.app` or `WezTerm`, `LC_TERMINAL=iTerm2` → iterm2. Inside
    /// tmux or screen (which swallow both protocols unless passthrough is set up) and when
    /// piped it is none; `--images` forces one. A terminal that names nothing is asked
    /// (see `shouldProbe`).
    package static func detect(
        _ choice: InlineImageChoice = .auto, environment: [String: String], isTerminal: Bool
    ) -> InlineImageProtocol {
        guard isTerminal else { return .none }
        if let forced = choice.forced { return forced }
        if let variable = environment["BANTER_IMAGES"], let named = InlineImageChoice(rawValue: variable.lowercased()),
            let forced = named.forced
        {
            return forced
        }
        let term = environment["TERM"] ?? ""
        if environment["TMUX"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") { return .none }
        if term == "xterm-kitty" || term == "xterm-ghostty" || environment["KITTY_WINDOW_ID"] != nil { return .kitty }
        let program = environment["TERM_PROGRAM"] ?? ""
        if program == "iTerm.app" || program == "WezTerm" || environment["LC_TERMINAL"] == "iTerm2" { return .iterm2 }
        return .none
    }
}

extension InlineImageProtocol {
    /// Whether the terminal should be asked (`TerminalGraphicsProbe`): `auto`, no
    /// `BANTER_IMAGES`, nothing in the environment named a protocol, and neither tmux, screen
    /// nor a dumb terminal is in between.
    static func shouldProbe(_ choice: InlineImageChoice, environment: [String: String]) -> Bool {
        guard choice == .auto, environment["BANTER_IMAGES"] == nil,
            detect(choice, environment: environment, isTerminal: true) == .none
        else { return false }
        let term = environment["TERM"] ?? ""
        return environment["TMUX"] == nil && !term.hasPrefix("screen") && !term.hasPrefix("tmux")
            && !["dumb", "linux", ""].contains(term)
    }
}

/// What `--images` asks for: `auto` detects, the others force a protocol.
package enum InlineImageChoice: String, Hashable, Sendable, CaseIterable {
    case auto, kitty, iterm2, none

    var forced: InlineImageProtocol? {
        switch self {
        case .auto: nil
        case .kitty: .kitty
        case .iterm2: .iterm2
        case .none: InlineImageProtocol.none
        }
    }
}
