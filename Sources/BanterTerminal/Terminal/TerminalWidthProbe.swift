import BanterCore
import Foundation

/// Asks the terminal how wide it draws emoji: prints `WidthProbe.samples` one after the
/// other from column 1 of the cursor's row, asking for the cursor position after each, then
/// erases the row. Nothing scrolls, so nothing reaches the scrollback.
enum TerminalWidthProbe {
    /// How long to wait for every reply. A local terminal answers in a few milliseconds, but
    /// xterm looking up a fallback font for the first emoji it draws can take a hundred or
    /// more on a busy machine; only a terminal that never answers waits this long.
    static let timeoutMilliseconds = 300

    /// The model the terminal's answers match, or `fallback` with the reason it stays.
    static func choose(
        fallback: WidthModel, input: Int32 = STDIN_FILENO, output: TerminalOutput = TerminalOutput()
    ) -> WidthModelChoice {
        let query = TerminalQuery(input: input, output: output)
        let answer = query.ask(
            WidthProbe.request, timeoutMilliseconds: timeoutMilliseconds,
            isComplete: {
                WidthProbe.reportedColumns(in: $0).count >= WidthProbe.samples.count
            })
        return choice(from: answer, fallback: fallback)
    }

    /// The pure half of `choose`: the choice the terminal's answer (nil: not a terminal)
    /// makes, separate so every outcome is tested without a terminal.
    static func choice(from answer: TerminalQuery.Answer?, fallback: WidthModel) -> WidthModelChoice {
        guard let answer else { return WidthModelChoice(model: fallback, reason: .notMeasured) }
        guard answer.isComplete else {
            return WidthModelChoice(model: fallback, reason: .noAnswer(timeoutMilliseconds: timeoutMilliseconds))
        }
        let microseconds = answer.microseconds
        let advances = WidthProbe.reportedColumns(in: answer.bytes).prefix(WidthProbe.samples.count).map { $0 - 1 }
        guard let model = WidthProbe.model(matching: advances) else {
            if let closest = WidthProbe.closestModel(to: advances) {
                return WidthModelChoice(
                    model: closest, reason: .closest(advances: advances, microseconds: microseconds))
            }
            return WidthModelChoice(model: fallback, reason: .unmatched(advances: advances, microseconds: microseconds))
        }
        return WidthModelChoice(model: model, reason: .measured(advances: advances, microseconds: microseconds))
    }
}
