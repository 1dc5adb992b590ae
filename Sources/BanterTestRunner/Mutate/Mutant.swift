import Foundation

/// One small change to a bot's Lua source that a good suite should notice: a byte range of
/// the file replaced, at the line it starts on.
package struct Mutant: Hashable, Sendable {
    package var file: String
    package var line: Int
    package var kind: MutationKind
    /// The UTF-8 byte range of the source replaced, and what replaces it.
    package var range: Range<Int>
    package var replacement: String

    /// The mutated source.
    func apply(to source: [UInt8]) -> [UInt8] {
        Array(source[..<range.lowerBound]) + Array(replacement.utf8) + Array(source[range.upperBound...])
    }

    /// The change as one line: the mutated line before and after, trimmed and cut short
    /// around the change ("`a > 3` → `a >= 3`").
    func diff(in source: [UInt8]) -> (before: String, after: String) {
        var start = range.lowerBound
        while start > 0 && source[start - 1] != 0x0A { start -= 1 }
        var end = range.lowerBound
        while end < source.count && source[end] != 0x0A { end += 1 }
        let before = String(decoding: source[start..<end], as: UTF8.self)
        let changedEnd = min(range.upperBound, end)
        let firstLineOfReplacement = replacement.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
        let after =
            String(decoding: source[start..<range.lowerBound], as: UTF8.self) + firstLineOfReplacement
            + String(decoding: source[changedEnd..<end], as: UTF8.self)
        return (Self.short(before), Self.short(after))
    }

    private static func short(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 100 ? String(trimmed.prefix(99)) + "…" : trimmed
    }
}

/// The kinds of change `banter mutate` makes.
package enum MutationKind: String, Sendable, CaseIterable, Codable {
    case relational = "relational operator"
    case arithmetic = "arithmetic operator"
    case negatedCondition = "condition negated"
    case forcedCondition = "condition forced true"
    case logical = "and/or swapped"
    case statementRemoved = "statement removed"
    case replyDropped = "chat:reply dropped"
    case handlerRemoved = "handler registration removed"
    case number = "number ±1"
    case stringEmptied = "string emptied"
    case patternAnchor = "pattern anchor removed"
    case patternClass = "pattern class changed"
    case delay = "delay across a grouping threshold"
}
