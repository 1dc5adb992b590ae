import ArgumentParser
import BanterTerminal

/// How bubbles are drawn: the style and the emoji width model. Shared by `chat` and the
/// printing commands; both are optional so that the defaults can follow the terminal.
struct BubbleOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Bubbles: filled, rounded or ascii (default: filled with colour, rounded without).", valueName: "style"))
    var border: BorderStyle?

    @Option(name: .long, help: ArgumentHelp(
        "How the terminal measures emoji: modern or legacy (default: measured in a chat terminal, else modern).",
        valueName: "model"))
    var widthModel: WidthModel?
}

extension WidthModel: ExpressibleByArgument {}
extension BorderStyle: ExpressibleByArgument {}
