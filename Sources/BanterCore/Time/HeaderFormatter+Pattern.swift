import Synchronization

extension HeaderFormatter {
    /// Why a header pattern was refused, phrased for the person who wrote it.
    public struct InvalidPattern: Error, Hashable, Sendable, CustomStringConvertible {
        /// The pattern as written.
        package var pattern: String
        /// The offending part: an unknown placeholder ("{dya}") or an unclosed one ("{time").
        var fragment: String
        /// Whether `fragment` is missing its closing brace rather than unknown.
        var isUnclosed: Bool

        public var description: String {
            let valid = HeaderFormatter.placeholders.joined(separator: ", ")
            let problem = isUnclosed ? "unclosed placeholder" : "unknown placeholder"
            return "\(problem) \"\(fragment)\" in header pattern \"\(pattern)\": the valid placeholders are \(valid)"
        }
    }

    /// Checks that `pattern` uses only known, closed placeholders, so that a typo is reported
    /// where it was typed (REPL, Lua) instead of showing up verbatim in every header.
    public static func validate(pattern: String) throws(InvalidPattern) {
        for piece in pieces(of: pattern) {
            switch piece {
            case .literal, .placeholder:
                continue
            case .unknown(let fragment):
                throw InvalidPattern(pattern: pattern, fragment: String(fragment), isUnclosed: false)
            case .unclosed(let fragment):
                throw InvalidPattern(pattern: pattern, fragment: String(fragment), isUnclosed: true)
            }
        }
    }

    /// A placeholder `format` knows how to fill.
    enum Placeholder: String, CaseIterable, Sendable {
        case day, weekday, date, time, time12
    }

    /// A parsed pattern, in order. `format` writes unknown and unclosed pieces as they are.
    enum Piece: Equatable, Sendable {
        case literal(Substring)
        case placeholder(Placeholder)
        /// A brace pair naming no placeholder: "{dya}".
        case unknown(Substring)
        /// A "{" with no "}" before the next "{" or the end: "{time", or the first of "{{day}".
        case unclosed(Substring)
    }

    /// Splits `pattern` into pieces; a placeholder is a brace pair with no brace inside.
    /// The pattern parsed last is not parsed again: a renderer, and with it a formatter, is
    /// made for every message a live or golden transcript draws, nearly always with the same
    /// pattern, and parsing it character by character cost 8 000 instructions each time.
    static func pieces(of pattern: String) -> [Piece] {
        if let last = lastParsed.withLock({ $0 }), last.pattern == pattern { return last.pieces }
        let pieces = parse(pattern)
        lastParsed.withLock { $0 = (pattern, pieces) }
        return pieces
    }

    /// The pattern `pieces(of:)` parsed last, and its pieces.
    private static let lastParsed = Mutex<(pattern: String, pieces: [Piece])?>(nil)

    /// The pieces of `pattern`, read character by character (a brace with a combining mark
    /// on it is not a brace).
    private static func parse(_ pattern: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = pattern[...]
        while let open = rest.firstIndex(of: "{") {
            if rest.startIndex < open { pieces.append(.literal(rest[..<open])) }
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(where: { $0 == "{" || $0 == "}" }) else {
                pieces.append(.unclosed(rest[open...]))
                return pieces
            }
            if rest[close] == "{" {
                pieces.append(.unclosed(rest[open..<close]))
                rest = rest[close...]
                continue
            }
            let afterClose = rest.index(after: close)
            if let placeholder = Placeholder(rawValue: String(rest[afterOpen..<close])) {
                pieces.append(.placeholder(placeholder))
            } else {
                pieces.append(.unknown(rest[open..<afterClose]))
            }
            rest = rest[afterClose...]
        }
        if !rest.isEmpty { pieces.append(.literal(rest)) }
        return pieces
    }
}
