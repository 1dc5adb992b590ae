import TOMLKit

/// A TOML file parsed by TOMLKit, with the line of every key, so that each check of a value
/// can say "FILE:LINE: …". Shared by the configuration file and theme files.
struct TOMLDocument {
    /// How errors name the file (its path as given).
    let origin: String
    let root: TOMLTable
    private let index: TOMLLineIndex

    /// Parses `text`; a syntax error becomes a `ConfigError` at TOMLKit's line.
    init(text: String, origin: String) throws(ConfigError) {
        self.origin = origin
        do {
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            throw ConfigError(
                origin: origin, line: error.source.begin.line, message: "not valid TOML: \(error.description)")
        } catch {
            throw ConfigError(origin: origin, line: nil, message: "not valid TOML: \(error)")
        }
        index = TOMLLineIndex(text: text)
    }

    /// The line `path` is written on.
    func line(of path: [String]) -> Int? {
        index.line(of: path)
    }

    /// An error about the value at `path`, at its line.
    func error(at path: [String], _ message: String) -> ConfigError {
        ConfigError(origin: origin, line: index.line(of: path), message: message)
    }

    /// The keys of the table at `path` (sorted, so that the first error is always the same),
    /// refusing any that `accepted` does not list.
    func keys(of table: TOMLTable, at path: [String], accepted: [String], what: String) throws(ConfigError) -> [String]
    {
        let keys = table.keys.sorted { (index.line(of: path + [$0]) ?? 0, $0) < (index.line(of: path + [$1]) ?? 0, $1) }
        for key in keys where !accepted.contains(key) {
            let place = path.isEmpty ? "" : " in [\(path.joined(separator: "."))]"
            throw error(
                at: path + [key],
                "unknown \(what) \"\(key)\"\(place): accepted \(what)s are \(accepted.joined(separator: ", "))")
        }
        return keys
    }

    /// The table at `key` of `table`, or an error when it is another type.
    func table(_ value: any TOMLValueConvertible, at path: [String]) throws(ConfigError) -> TOMLTable {
        guard let table = value.table else {
            throw error(
                at: path,
                "\"\(path.joined(separator: "."))\" must be a table ([\(path.joined(separator: "."))]), not \(Self.describe(value))"
            )
        }
        return table
    }

    /// "a string", "an integer"…, for type errors.
    static func describe(_ value: any TOMLValueConvertible) -> String {
        switch value.type {
        case .string: "a string"
        case .int: "an integer"
        case .double: "a number with a fraction"
        case .bool: "true or false"
        case .table: "a table"
        case .array: "an array"
        default: "a date or time"
        }
    }
}
