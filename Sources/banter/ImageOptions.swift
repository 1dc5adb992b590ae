import ArgumentParser
import BanterTerminal

/// How pictures in attachment bubbles are drawn: declared once, for every command that
/// draws a live conversation.
struct ImageOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Inline pictures: auto, kitty, iterm2 or none (default: auto, from BANTER_IMAGES, else what the terminal says it is; none when piped or in tmux).",
            valueName: "protocol"))
    var images: InlineImageChoice = .auto
}

extension InlineImageChoice: ExpressibleByArgument {}
