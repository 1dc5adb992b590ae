/// The calls of API functions in a script whose arguments are written out literally:
/// `bot { name = "A", typign = … }`, `on("(x", f)`, `chat:reply("hi", { aftr = 2 })`,
/// `wait "1hr"`. What `banter check` validates without running the script, inside handlers
/// too. Arguments that are not literals (a variable, a call, an expression) are `.other`
/// and never checked.
struct LiteralCalls {
    /// A value as written.
    indirect enum Value {
        case string(String)
        case number
        case boolean
        case `nil`
        case table(Table)
        /// Anything computed.
        case other
    }

    /// A table constructor: its `name = value` fields and its positional items, with lines.
    struct Table {
        var fields: [(key: String, line: Int, value: Value)] = []
        var items: [(line: Int, value: Value)] = []
    }

    /// One call: the function (`on`) or method (`reply`) name, its line, its arguments.
    struct Call {
        var name: String
        var isMethod: Bool
        var line: Int
        var arguments: [Value]
    }

    private let tokens: [LuaLexer.Token]

    /// The calls of `globals` (not shadowed by a local or parameter of the same name
    /// anywhere in the file) and of the `methods` of an object named `receiver` (handlers
    /// name it `chat`; another object's `wait` is none of the API's business).
    static func find(
        in tokens: [LuaLexer.Token], globals: Set<String>, methods: Set<String>, receiver: String = "chat"
    ) -> [Call] {
        let finder = LiteralCalls(tokens: tokens)
        let shadowed = finder.localNames()
        var calls: [Call] = []
        for (index, token) in tokens.enumerated() where token.kind == .name {
            let previous = index > 0 ? tokens[index - 1].text : ""
            let isMethod =
                previous == ":" && methods.contains(token.text) && index > 1 && tokens[index - 2].text == receiver
            let isGlobal =
                globals.contains(token.text) && !shadowed.contains(token.text)
                && ![".", ":", "function", "goto", "::"].contains(previous)
            guard isMethod || isGlobal, let arguments = finder.arguments(after: index + 1) else { continue }
            calls.append(Call(name: token.text, isMethod: isMethod, line: token.line, arguments: arguments))
        }
        return calls
    }

    private func text(_ index: Int) -> String { index < tokens.count ? tokens[index].text : "" }
    private func kind(_ index: Int) -> LuaLexer.Kind? { index < tokens.count ? tokens[index].kind : nil }

    /// The arguments of a call whose argument list starts at `index`; nil when no call.
    private func arguments(after index: Int) -> [Value]? {
        switch (kind(index), text(index)) {
        case (.string, _): return [.string(text(index))]
        case (.symbol, "{"): return [table(at: index).value]
        case (.symbol, "("):
            var position = index + 1
            var values: [Value] = []
            while position < tokens.count, text(position) != ")" {
                let (value, end) = value(at: position)
                values.append(value)
                position = end
                if text(position) == "," { position += 1 } else if text(position) != ")" { return values }
            }
            return values
        default: return nil
        }
    }

    /// The value of the expression at `index`, and the index after it.
    private func value(at index: Int) -> (Value, Int) {
        let literal: Value?
        var end = index + 1
        switch (kind(index), text(index)) {
        case (.string, let string): literal = .string(string)
        case (.number, _): literal = .number
        case (.symbol, "-") where kind(index + 1) == .number:
            literal = .number
            end = index + 2
        case (.symbol, "true"), (.symbol, "false"): literal = .boolean
        case (.symbol, "nil"): literal = .nil
        case (.symbol, "{"):
            let (table, after) = table(at: index)
            literal = table
            end = after
        default: literal = nil
        }
        if let literal, [",", ")", "}", ";", "]"].contains(text(end)) || end >= tokens.count { return (literal, end) }
        return (.other, skipExpression(from: index))
    }

    /// A table constructor at `index` (`{`), and the index after its `}`.
    private func table(at index: Int) -> (value: Value, end: Int) {
        var table = Table()
        var position = index + 1
        while position < tokens.count, text(position) != "}" {
            let line = tokens[position].line
            if kind(position) == .name, text(position + 1) == "=" {
                let (value, end) = value(at: position + 2)
                table.fields.append((tokens[position].text, line, value))
                position = end
            } else if text(position) == "[" {
                let keyEnd = skipExpression(from: position + 1)
                let key = kind(position + 1) == .string && keyEnd == position + 2 ? text(position + 1) : nil
                let (value, end) = value(at: keyEnd + 2) // past "]" and "="
                if let key { table.fields.append((key, line, value)) }
                position = end
            } else {
                let (value, end) = value(at: position)
                table.items.append((line, value))
                position = end
            }
            if text(position) == "," || text(position) == ";" { position += 1 } else if text(position) != "}" { break }
        }
        return (.table(table), min(position + 1, tokens.count))
    }

    /// The index after the expression starting at `index`: the first `,`, `;` or closing
    /// bracket outside brackets and `function … end` blocks.
    private func skipExpression(from index: Int) -> Int {
        var depth = 0
        var position = index
        while position < tokens.count {
            let token = tokens[position]
            if token.kind == .symbol {
                switch token.text {
                case "(", "{", "[", "function", "if", "do", "repeat": depth += 1
                case ")", "}", "]", "end", "until":
                    if depth == 0 { return position }
                    depth -= 1
                case ",", ";": if depth == 0 { return position }
                default: break
                }
            }
            position += 1
        }
        return position
    }

    /// Names the file declares as locals, loop variables or parameters: a call of one of
    /// them is not the API's.
    private func localNames() -> Set<String> {
        var names: Set<String> = []
        var index = 0
        while index < tokens.count {
            guard tokens[index].kind == .symbol else {
                index += 1
                continue
            }
            switch tokens[index].text {
            case "local", "for":
                var position = index + 1
                if text(position) == "function" { position += 1 }
                while kind(position) == .name {
                    names.insert(text(position))
                    position += 1
                    if text(position) == "<" { position += 3 } // <const>, <close>
                    guard text(position) == "," else { break }
                    position += 1
                }
            case "function":
                var position = index + 1
                while text(position) != "(" && position < tokens.count { position += 1 }
                position += 1
                while kind(position) == .name {
                    names.insert(text(position))
                    position += text(position + 1) == "," ? 2 : 1
                }
            default: break
            }
            index += 1
        }
        return names
    }
}
