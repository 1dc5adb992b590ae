import BanterCore
import Foundation
import GRDB

/// The schema's CHECK constraints that the store's own code already guarantees, so that a
/// reused scenario database (`InMemoryTemplate.makeReusedStore`) may skip evaluating them:
/// SQLite checks `x IN ('a', 'b', 'c')` by building a temporary b-tree for every insert and
/// status update, a sixth of a scenario's cost.
///
/// - `sender` and `status` of messages are only ever bound from `Sender.Role` and
///   `DeliveryStatus` raw values, so the lists are built from those enums: a check that
///   allows fewer values (or names another column or table) is not guaranteed.
/// - `sender IN ('me', 'them')` of reactions: `insertReaction`, the one place reaction rows
///   are written, refuses `Sender.system` (`StoreError.systemCannotReact`).
/// - `json_valid(value)` of bot memory is checked by `setMemoryValue`'s own insert (it
///   inserts nothing for invalid JSON, and refuses it), on every store.
///
/// Checks are skipped only when **every** CHECK in the schema is one of these; a new one (a
/// later migration) keeps them all in force until it is added here with its guarantee.
enum GuaranteedChecks {
    /// The guaranteed CHECK expressions of each table, by table name.
    static let expressions: [String: Set<String>] = [
        "messages": [
            "sender IN (\(quotedList(Sender.Role.allCases.map(\.rawValue))))",
            "status IN (\(quotedList(DeliveryStatus.allCases.map(\.rawValue))))",
        ],
        "reactions": ["sender IN (\(quotedList(Sender.Role.allCases.filter { $0 != .system }.map(\.rawValue))))"],
        "bot_memory": ["json_valid(value)"],
    ]

    /// Whether every CHECK constraint of `db`'s tables is guaranteed.
    static func coverSchema(of db: Database) throws -> Bool {
        let tables = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL")
        return tables.allSatisfy { table in
            let guaranteed = expressions[table["name"] as String] ?? []
            return checks(in: table["sql"]).allSatisfy(guaranteed.contains)
        }
    }

    /// The expressions of the CHECK constraints in a `CREATE TABLE` statement, with runs of
    /// white space made single spaces.
    static func checks(in sql: String) -> [String] {
        var found: [String] = []
        var rest = sql[...]
        while let keyword = rest.range(of: "CHECK", options: .caseInsensitive) {
            rest = rest[keyword.upperBound...]
            guard let open = rest.firstIndex(where: { !$0.isWhitespace }), rest[open] == "(" else { continue }
            var depth = 0
            var inQuote = false
            var end: Substring.Index?
            for index in rest[open...].indices {
                let character = rest[index]
                if character == "'" { inQuote.toggle() }
                guard !inQuote else { continue }
                if character == "(" { depth += 1 }
                if character == ")" {
                    depth -= 1
                    if depth == 0 { end = index; break }
                }
            }
            guard let end else { return found + ["unbalanced: \(rest)"] }
            let expression = rest[rest.index(after: open)..<end]
            found.append(expression.split(whereSeparator: \.isWhitespace).joined(separator: " "))
            rest = rest[end...]
        }
        return found
    }

    private static func quotedList(_ values: [String]) -> String {
        values.map { "'\($0)'" }.joined(separator: ", ")
    }
}
