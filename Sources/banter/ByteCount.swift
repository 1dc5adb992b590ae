import ArgumentParser
import Foundation

/// A size given on the command line: bytes, or with a K, M or G suffix (powers of 1024).
struct ByteCount: ExpressibleByArgument, Hashable {
    var bytes: Int

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).uppercased()
        let scales: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        var digits = Substring(text)
        var scale = 1
        if let last = digits.last, let found = scales[last] {
            scale = found
            digits = digits.dropLast()
        } else if digits.hasSuffix("B") {
            digits = digits.dropLast()
        }
        guard let value = Int(digits), value >= 0, value <= Int.max / scale else { return nil }
        bytes = value * scale
    }
}
