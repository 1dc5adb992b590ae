import Foundation

/// The figures as a JSON array, one object per figure (`name`, `value`, `unit`, `target`,
/// `ratio` and `baseline` where compared, `met`), for scripts and CI.
enum JSONReport {
    static func render(_ figures: [Figure]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(figures), as: UTF8.self)
    }
}
