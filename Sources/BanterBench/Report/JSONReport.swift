import Foundation

/// The figures as a JSON array, one object per figure with its keys always in the same
/// order (`name`, `value`, `unit`, `target`, `ratio` and `baseline` where compared, `met`),
/// so that runs can be diffed; written by hand because `JSONEncoder` does not keep key order.
enum JSONReport {
    static func render(_ figures: [Figure]) -> String {
        "[\n" + figures.map(object).joined(separator: ",\n") + "\n]"
    }

    private static func object(_ figure: Figure) -> String {
        var fields = [
            ("name", string(figure.name)),
            ("value", number(figure.value)),
            ("unit", string(figure.unit.symbol)),
            ("target", string(figure.target.description(unit: figure.unit))),
        ]
        if let ratio = figure.ratio, let baseline = figure.baseline {
            fields.append(("ratio", number(ratio)))
            fields.append(("baseline", "{ \"name\": \(string(baseline.name)), \"value\": \(number(baseline.value)) }"))
        }
        fields.append(("met", figure.met ? "true" : "false"))
        return "  {\n" + fields.map { "    \(string($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n  }"
    }

    /// A JSON number with six significant digits; JSON has no NaN or infinity, so null.
    private static func number(_ value: Double) -> String {
        value.isFinite ? String(format: "%.6g", value) : "null"
    }

    private static func string(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
