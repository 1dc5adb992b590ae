import BanterCore

/// The pure half of measuring a terminal's emoji widths: which strings to print, how to read
/// the terminal's cursor-position reports, and which `WidthModel` the measured advances
/// match. The I/O half (raw mode, writing, waiting for replies) is `TerminalWidthProbe`.
enum WidthProbe {
    /// One string the terminal is asked to print, with what a person would call it.
    struct Sample: Hashable, Sendable {
        var text: String
        var name: String
    }

    /// The strings printed, each from column 1: the two that tell the models apart (an
    /// emoji made wide by VS16, a ZWJ family) and three every model agrees on, which catch
    /// a terminal that fits neither.
    static let samples: [Sample] = [
        Sample(text: "\u{1F3D4}\u{FE0F}", name: "emoji with VS16"),
        Sample(text: "👨\u{200D}👩\u{200D}👧\u{200D}👦", name: "ZWJ family"),
        Sample(text: "🇫🇷", name: "flag"),
        Sample(text: "日", name: "wide CJK"),
        Sample(text: "e\u{301}", name: "combining mark"),
    ]

    /// The bytes that print every sample from column 1 and ask for the cursor after each
    /// (`ESC [ 6 n`), then erase the row: the terminal shows nothing once it is done.
    static var request: String {
        var text = "\r"
        for sample in samples { text += sample.text + "\u{1B}[6n\r" }
        return text + "\u{1B}[2K"
    }

    /// The 1-based columns of the cursor-position reports (`ESC [ row ; column R`) in
    /// `bytes`, in order; anything else (a key typed meanwhile, a cut-off report) is skipped.
    static func reportedColumns(in bytes: [UInt8]) -> [Int] {
        var columns: [Int] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var cursor = index + 2
            var numbers: [Int] = [0]
            var digits = 0
            while cursor < bytes.count {
                let byte = bytes[cursor]
                if (0x30...0x39).contains(byte) {
                    numbers[numbers.count - 1] = min(numbers[numbers.count - 1] * 10 + Int(byte - 0x30), 1_000_000)
                    digits += 1
                } else if byte == UInt8(ascii: ";") {
                    numbers.append(0)
                } else {
                    break
                }
                cursor += 1
            }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "R"), numbers.count == 2, digits >= 2 {
                columns.append(numbers[1])
                index = cursor + 1
            } else {
                index += 1
            }
        }
        return columns
    }

    /// The model whose widths agree with `advances` (columns the cursor moved over each of
    /// `samples`, in order), or nil when the advances are incomplete or fit no model.
    static func model(matching advances: [Int]) -> WidthModel? {
        guard advances.count == samples.count else { return nil }
        return WidthModel.allCases.first { model in
            zip(samples, advances).allSatisfy { DisplayWidth.of($0.text, model: model) == $1 }
        }
    }

    /// For advances that fit no model (tmux 3.3 joins a ZWJ family but keeps an emoji with
    /// VS16 narrow; kitty 0.26 does the opposite): the model that agrees on the emoji with
    /// VS16, the kind chat text is full of (❤️ ☀️ ✔️), rather than on rarer ZWJ sequences.
    /// Nil when the advances are incomplete or agree with no model even there.
    static func closestModel(to advances: [Int]) -> WidthModel? {
        guard advances.count == samples.count, let first = advances.first else { return nil }
        return WidthModel.allCases.first { DisplayWidth.of(samples[0].text, model: $0) == first }
    }
}

/// Which width model a command draws with, and why: what chat's `--verbose` prints.
package struct WidthModelChoice: Hashable, Sendable {
    /// Where the choice came from.
    package enum Reason: Hashable, Sendable {
        /// Chosen by the user: `origin` says where (`--width-model`, or the configuration
        /// file and line of `width-model`).
        case given(origin: String)
        /// The terminal's cursor moved these columns over `WidthProbe.samples`, in this long.
        case measured(advances: [Int], microseconds: Int)
        /// The terminal's widths fit no model; this one agrees on the emoji with VS16.
        case closest(advances: [Int], microseconds: Int)
        /// The terminal answered, but its widths fit no model (the default stays).
        case unmatched(advances: [Int], microseconds: Int)
        /// The terminal did not answer every report within the timeout (the default stays).
        case noAnswer(timeoutMilliseconds: Int)
        /// Not a terminal to ask (piped output): the default.
        case notMeasured
    }

    package var model: WidthModel
    package var reason: Reason

    package init(model: WidthModel, reason: Reason) {
        self.model = model
        self.reason = reason
    }

    /// One line for a person, e.g. "width model: legacy (measured in 2.1 ms: emoji with
    /// VS16 1, ZWJ family 8, flag 2, wide CJK 2, combining mark 1)".
    package var summary: String {
        let name = "width model: \(model.rawValue)"
        switch reason {
        case .given(let origin):
            return name + " (from \(origin))"
        case .measured(let advances, let microseconds):
            return name + " (measured in \(Self.milliseconds(microseconds)): \(Self.describe(advances)))"
        case .closest(let advances, let microseconds):
            return name
                + " (closest: measured in \(Self.milliseconds(microseconds)), the terminal's widths fit no model "
                + "and this one agrees on emoji with VS16: \(Self.describe(advances)); ZWJ sequences may not line up)"
        case .unmatched(let advances, let microseconds):
            return name + " (default: the terminal's widths fit no model, measured in "
                + "\(Self.milliseconds(microseconds)): \(Self.describe(advances)); pick one with --width-model)"
        case .noAnswer(let timeout):
            return name + " (default: the terminal did not report its cursor within \(timeout) ms)"
        case .notMeasured:
            return name + " (default: not measured without a terminal)"
        }
    }

    private static func milliseconds(_ microseconds: Int) -> String {
        let tenths = (microseconds + 50) / 100
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    private static func describe(_ advances: [Int]) -> String {
        zip(WidthProbe.samples, advances).map { "\($0.name) \($1)" }.joined(separator: ", ")
    }
}
