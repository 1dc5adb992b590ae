import BanterCore
import BanterScript
import Foundation

/// Makes the mutants of one Lua file, token by token over the source (`LuaLexer`: strings,
/// comments and long brackets are read as Lua reads them, so nothing inside a string or a
/// comment is taken for code). Which globals register handlers comes from the bot API's
/// catalogue (those taking a `handler` function).
struct MutantGenerator {
    let file: String
    let source: [UInt8]
    let tokens: [LuaLexer.Token]
    /// The grouping gaps a delay is moved across.
    var rules = GroupingRules()

    init(file: String, source: [UInt8]) {
        self.file = file
        self.source = source
        tokens = LuaLexer.tokens(String(decoding: source, as: UTF8.self))
    }

    static let relational = ["==": "~=", "~=": "==", "<": "<=", "<=": "<", ">": ">=", ">=": ">"]
    static let arithmetic = ["+": "-", "-": "+", "*": "/", "/": "*", "//": "/", "%": "*"]
    /// Pattern classes and what each becomes.
    static let classes: [UInt8: UInt8] = [
        UInt8(ascii: "a"): UInt8(ascii: "w"), UInt8(ascii: "w"): UInt8(ascii: "a"),
        UInt8(ascii: "d"): UInt8(ascii: "w"), UInt8(ascii: "s"): UInt8(ascii: "S"),
        UInt8(ascii: "l"): UInt8(ascii: "a"), UInt8(ascii: "u"): UInt8(ascii: "a"),
        UInt8(ascii: "p"): UInt8(ascii: "s"),
    ]
    /// What opens a bracket or a block, and what closes one (`while … do` and `for … do`
    /// open at their `do`).
    static let openers: Set<String> = ["(", "[", "{", "function", "if", "do", "repeat"]
    static let closers: Set<String> = [")", "]", "}", "end", "until"]
    /// Methods and functions whose first string argument is a Lua pattern.
    static let patternMethods: Set<String> = ["find", "match", "gmatch", "gsub"]
    /// The bot globals that register a handler (`on`, `fallback`, `on_message`, …).
    static let handlerRegistrations = Set(
        BotAPI.catalogue.globals.filter { function in function.parameters.contains { $0.type.hasPrefix("fun(") } }
            .map(\.name))

    /// Every mutant of the file, in source order.
    func mutants() -> [Mutant] {
        var results: [Mutant] = []
        for index in tokens.indices {
            results += operatorMutants(at: index)
            results += conditionMutants(at: index)
            results += literalMutants(at: index)
            results += statementMutants(at: index)
        }
        return results.sorted { ($0.range.lowerBound, $0.kind.rawValue) < ($1.range.lowerBound, $1.kind.rawValue) }
    }

    private func mutant(_ kind: MutationKind, _ token: LuaLexer.Token, _ replacement: String) -> Mutant {
        Mutant(file: file, line: token.line, kind: kind, range: token.range, replacement: replacement)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: source[range], as: UTF8.self)
    }

    /// Whether the token ends a value, so that a `-` after it is binary.
    private func endsValue(_ token: LuaLexer.Token) -> Bool {
        switch token.kind {
        case .name, .number, .string: true
        case .symbol: [")", "]", "}", "nil", "true", "false", "end", "..."].contains(token.text)
        }
    }

    private func operatorMutants(at index: Int) -> [Mutant] {
        let token = tokens[index]
        guard token.kind == .symbol else { return [] }
        if let swapped = Self.relational[token.text] { return [mutant(.relational, token, swapped)] }
        if token.text == "and" || token.text == "or" {
            return [mutant(.logical, token, token.text == "and" ? "or" : "and")]
        }
        if let swapped = Self.arithmetic[token.text], index > 0, endsValue(tokens[index - 1]) {
            return [mutant(.arithmetic, token, swapped)]
        }
        return []
    }

    /// `if`/`elseif`/`while` conditions negated and forced true.
    private func conditionMutants(at index: Int) -> [Mutant] {
        let token = tokens[index]
        guard token.kind == .symbol, ["if", "elseif", "while"].contains(token.text) else { return [] }
        let closer = token.text == "while" ? "do" : "then"
        var depth = 0
        var end = index + 1
        while end < tokens.count {
            let next = tokens[end]
            if next.kind == .symbol {
                if depth == 0 && next.text == closer { break }
                if Self.openers.contains(next.text) { depth += 1 }
                if Self.closers.contains(next.text) { depth -= 1 }
            }
            end += 1
        }
        guard end < tokens.count, end > index + 1 else { return [] }
        let range = tokens[index + 1].range.lowerBound..<tokens[end - 1].range.upperBound
        let condition = text(range)
        var results = [
            Mutant(
                file: file, line: tokens[index + 1].line, kind: .negatedCondition, range: range,
                replacement: "not (\(condition))")
        ]
        if condition != "true" {
            results.append(
                Mutant(
                    file: file, line: tokens[index + 1].line, kind: .forcedCondition, range: range, replacement: "true")
            )
        }
        return results
    }

    /// Numbers ±1, delays across a grouping threshold, strings emptied, pattern anchors and
    /// classes.
    private func literalMutants(at index: Int) -> [Mutant] {
        let token = tokens[index]
        let previous = index > 0 ? tokens[index - 1] : nil
        let isDelay = previous?.text == "=" && index > 1 && tokens[index - 2].text == "after"
        switch token.kind {
        case .number:
            var results: [Mutant] = []
            if let value = Int64(token.text) {
                results += [mutant(.number, token, String(value + 1))]
                if value > 0 { results.append(mutant(.number, token, String(value - 1))) }
                if isDelay {
                    results.append(mutant(.delay, token, String(delay(across: .seconds(value)).components.seconds)))
                }
            } else if let value = Double(token.text), !token.text.lowercased().hasPrefix("0x") {
                results += [mutant(.number, token, String(value + 1)), mutant(.number, token, String(value - 1))]
            }
            return results
        case .string:
            var results: [Mutant] = []
            let required =
                previous?.text == "require"
                || (previous?.text == "(" && index > 1 && tokens[index - 2].text == "require")
            if !token.text.isEmpty && !required { results.append(mutant(.stringEmptied, token, "\"\"")) }
            if isDelay, let duration = try? DurationParser.parse(token.text) {
                results.append(mutant(.delay, token, "\"\(DurationParser.format(delay(across: duration)))\""))
            }
            if isPattern(at: index) { results += patternMutants(token) }
            return results
        default:
            return []
        }
    }

    /// A delay on the other side of the cluster gap: one just past it, or one second.
    private func delay(across duration: Duration) -> Duration {
        duration <= rules.clusterGap ? rules.clusterGap + .seconds(1) : .seconds(1)
    }

    /// Whether the string at `index` is a pattern: the first argument of `on` or of a
    /// `find`/`match`/`gmatch`/`gsub` method call.
    private func isPattern(at index: Int) -> Bool {
        guard index > 0 else { return false }
        var callee = index - 1
        if tokens[callee].text == "(" {
            guard callee > 0 else { return false }
            callee -= 1
        }
        let name = tokens[callee]
        guard name.kind == .name else { return false }
        if name.text == "on" { return callee == 0 || ![".", ":"].contains(tokens[callee - 1].text) }
        return Self.patternMethods.contains(name.text) && callee > 0 && tokens[callee - 1].text == ":"
    }

    /// The anchors of a quoted pattern removed, and each class changed.
    private func patternMutants(_ token: LuaLexer.Token) -> [Mutant] {
        let raw = Array(source[token.range])
        guard let quote = raw.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"), raw.count >= 2 else {
            return []
        }
        let content = Array(raw[1..<(raw.count - 1)])
        func literal(_ bytes: [UInt8]) -> String { String(decoding: [quote] + bytes + [quote], as: UTF8.self) }
        var results: [Mutant] = []
        if content.first == UInt8(ascii: "^") {
            results.append(mutant(.patternAnchor, token, literal(Array(content.dropFirst()))))
        }
        var position = 0
        var escapedEnd = false
        while position < content.count {
            if content[position] == UInt8(ascii: "%"), position + 1 < content.count {
                if let changed = Self.classes[content[position + 1]] {
                    var copy = content
                    copy[position + 1] = changed
                    results.append(mutant(.patternClass, token, literal(copy)))
                }
                escapedEnd = position + 1 == content.count - 1
                position += 2
            } else {
                escapedEnd = false
                position += 1
            }
        }
        if content.last == UInt8(ascii: "$") && !escapedEnd && content.count > 1 {
            results.append(mutant(.patternAnchor, token, literal(Array(content.dropLast()))))
        }
        return results
    }

    /// A statement that starts a line with a name (a call or an assignment) removed, its
    /// line breaks kept so the lines after it keep their numbers: a `chat:reply` dropped, a
    /// handler's registration removed, or another statement.
    private func statementMutants(at index: Int) -> [Mutant] {
        let token = tokens[index]
        guard token.kind == .name, index == 0 || tokens[index - 1].line < token.line else { return [] }
        if index > 0 {
            let before = tokens[index - 1]
            let continues =
                before.kind == .symbol
                && !["end", ")", "]", "}", "then", "do", "else", "nil", "true", "false", "..."].contains(before.text)
            if continues { return [] }
        }
        var depth = 0
        var end = index
        while end < tokens.count {
            let current = tokens[end]
            if current.kind == .symbol {
                if Self.openers.contains(current.text) { depth += 1 }
                if Self.closers.contains(current.text) { depth -= 1 }
            }
            if depth < 0 { return [] }
            let next = end + 1 < tokens.count ? tokens[end + 1] : nil
            let opensCall = next.map { $0.kind == .string || ["(", "{"].contains($0.text) } ?? false
            if depth == 0, next == nil || (next!.line > current.line && !continuesAfter(current) && !opensCall) {
                break
            }
            end += 1
        }
        guard end < tokens.count, end > index else { return [] }
        let range = token.range.lowerBound..<tokens[end].range.upperBound
        let removed = text(range)
        let kind: MutationKind
        if index + 2 < tokens.count, tokens[index + 1].text == ":", tokens[index + 2].text == "reply" {
            kind = .replyDropped
        } else if Self.handlerRegistrations.contains(token.text), index + 1 <= end,
            ["(", "{"].contains(tokens[index + 1].text) || tokens[index + 1].kind == .string
        {
            kind = .handlerRemoved
        } else {
            kind = .statementRemoved
        }
        let lineBreaks = String(repeating: "\n", count: removed.count { $0 == "\n" })
        return [Mutant(file: file, line: token.line, kind: kind, range: range, replacement: lineBreaks)]
    }

    /// Whether an expression goes on after this token (a binary operator, `=`, `,`).
    private func continuesAfter(_ token: LuaLexer.Token) -> Bool {
        token.kind == .symbol
            && [
                "=", ",", "..", "+", "-", "*", "/", "//", "%", "^", "and", "or", "not", "==", "~=", "<", "<=", ">",
                ">=", ".", ":",
            ]
            .contains(token.text)
    }
}
