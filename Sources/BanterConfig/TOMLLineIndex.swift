import Foundation

/// Where each key of a TOML document is written, by dotted path ("sandbox.time-limit").
/// TOMLKit reports lines for syntax errors only, so the lines of values that parse but are
/// wrong come from this small scan of the text: table headers, `key = value` lines, with
/// comments, strings, multi-line strings and multi-line arrays skipped.
struct TOMLLineIndex {
    private var lines: [String: Int] = [:]

    init(text: String) {
        var table: [String] = []
        var multilineDelimiter: String?
        var arrayDepth = 0
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            var line = Substring(rawLine)
            if let delimiter = multilineDelimiter {
                guard let end = line.range(of: delimiter) else { continue }
                multilineDelimiter = nil
                line = line[end.upperBound...]
            }
            let scanned = Self.scan(line)
            if arrayDepth > 0 {
                arrayDepth = max(arrayDepth + scanned.bracketDepth, 0)
                continue
            }
            let code = scanned.code.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("[") {
                let name = code.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
                table = Self.path(name)
                record(table, line: number)
                continue
            }
            guard let equals = code.firstIndex(of: "=") else { continue }
            let key = Self.path(String(code[..<equals]))
            record(table + key, line: number)
            let value = code[code.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            for delimiter in ["\"\"\"", "'''"] where value.hasPrefix(delimiter) {
                if value.dropFirst(3).range(of: delimiter) == nil { multilineDelimiter = delimiter }
            }
            arrayDepth = max(scanned.bracketDepth, 0)
        }
    }

    /// The line of `path`, else of the nearest enclosing table or inline table that has one.
    func line(of path: [String]) -> Int? {
        var path = path
        while !path.isEmpty {
            if let line = lines[path.joined(separator: ".")] { return line }
            path.removeLast()
        }
        return nil
    }

    private mutating func record(_ path: [String], line: Int) {
        let key = path.joined(separator: ".")
        if lines[key] == nil { lines[key] = line }
    }

    /// A dotted key split into its parts, quotes removed.
    private static func path(_ text: String) -> [String] {
        text.split(separator: ".").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
    }

    /// The line up to its comment, and how many `[` outside strings it leaves open.
    private static func scan(_ line: Substring) -> (code: String, bracketDepth: Int) {
        var code = ""
        var quote: Character?
        var escaped = false
        var depth = 0
        for character in line {
            if let open = quote {
                if escaped {
                    escaped = false
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else if character == open {
                    quote = nil
                }
            } else if character == "#" {
                break
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "[" {
                depth += 1
            } else if character == "]" {
                depth -= 1
            }
            code.append(character)
        }
        return (code, depth)
    }
}
