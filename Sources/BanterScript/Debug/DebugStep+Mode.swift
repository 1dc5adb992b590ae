import BanterCore
import BanterLua

extension DebugStep {
    /// The hook's step for the command; nil runs on to the next breakpoint.
    var mode: StepMode? {
        switch self {
        case .step: .into
        case .next: .over
        case .finish: .out
        case .continue: nil
        }
    }
}
