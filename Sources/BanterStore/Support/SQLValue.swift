import GRDB

/// A value for a placeholder of one of the store's kept statements (`HotStatements`): a
/// plain enum, so binding one is a switch. Passing `any DatabaseValueConvertible` instead
/// cost a copy and a destroy through witness tables for every value, about a hundred
/// instructions each: a tenth of what storing a message cost the store.
enum SQLValue: Equatable {
    case null
    case integer(Int64)
    case text(String)

    init(_ value: Int64?) {
        self = value.map(SQLValue.integer) ?? .null
    }

    init(_ value: Int?) {
        self = value.map { .integer(Int64($0)) } ?? .null
    }

    init(_ value: String?) {
        self = value.map(SQLValue.text) ?? .null
    }

    /// The value as GRDB's own arguments carry it, for a statement run the usual way.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let number): number.databaseValue
        case .text(let text): text.databaseValue
        }
    }
}
