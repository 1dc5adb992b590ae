import BanterCore
import Foundation

extension WidthModelChoice {
    /// The width model a command draws with, one rule for `chat`, `run`, `replay` and
    /// `render`: a model the user chose (`given`: `--width-model` or the configuration's
    /// `width-model`, with where it was set) wins; else a terminal is asked how it measures
    /// emoji, when the output is one and can answer (not `TERM=dumb`); else `modern`.
    /// Nothing is written to output that is not a terminal.
    package static func resolve(
        given: (model: WidthModel, origin: String)?, environment: [String: String], outputIsTerminal: Bool
    ) -> WidthModelChoice {
        if let given { return WidthModelChoice(model: given.model, reason: .given(origin: given.origin)) }
        guard outputIsTerminal, environment["TERM"] != "dumb" else {
            return WidthModelChoice(model: .modern, reason: .notMeasured)
        }
        return TerminalWidthProbe.choose(fallback: .modern)
    }
}
