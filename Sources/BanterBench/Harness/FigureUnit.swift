/// What a figure measures, and which direction is better.
enum FigureUnit: String, Sendable {
    case milliseconds = "ms"
    case messagesPerSecond = "messages/s"
    case linesPerSecond = "lines/s"
    case scenariosPerSecond = "scenarios/s"
    case pathsPerSecond = "paths/s"
    case mebibytes = "MiB"
    case kibibytes = "KiB"
    case messages = "messages"

    var symbol: String { rawValue }

    /// Times and sizes are better low; throughputs are better high.
    var lowerIsBetter: Bool {
        switch self {
        case .milliseconds, .mebibytes, .kibibytes, .messages: true
        case .messagesPerSecond, .linesPerSecond, .scenariosPerSecond, .pathsPerSecond: false
        }
    }

    /// How much more Banter costs than its baseline: above 1 means Banter is slower (or
    /// bigger), whichever direction the unit counts in.
    func ratio(_ value: Double, to baseline: Double) -> Double {
        lowerIsBetter ? value / baseline : baseline / value
    }
}
