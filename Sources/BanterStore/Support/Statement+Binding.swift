import GRDB

extension Statement {
    /// Binds `values` to the statement's placeholders, in order, each value binding itself
    /// (`StatementBinding`), and runs it. For the statements a scenario runs for every
    /// message: `StatementArguments` builds a `DatabaseValue` per value through unspecialised
    /// generics and checks or names every placeholder, which cost as much as a status
    /// update's own work and a third of a message's insert. The caller passes exactly one
    /// value per placeholder (every statement here comes with its values from one place).
    func execute(binding values: [(any DatabaseValueConvertible)?]) throws {
        try bind(values)
        try execute()
    }

    /// The one row `values` bound (as in `execute(binding:)`) select, if any.
    func fetchOneRow(binding values: [(any DatabaseValueConvertible)?]) throws -> Row? {
        try bind(values)
        return try Row.fetchOne(self)
    }

    /// Binds `values` as `execute(binding:)` does: GRDB takes the statement as bound with
    /// no arguments of its own (it only resets it before running), and SQLite keeps the
    /// bindings across that reset.
    func bind(_ values: [(any DatabaseValueConvertible)?]) throws {
        setUncheckedArguments(StatementArguments())
        for (offset, value) in values.enumerated() {
            let code = (value ?? DatabaseValue.null).bind(to: sqliteStatement, at: Int32(offset + 1))
            guard code == 0 else {
                // SQLite's own message for the code: a value too big, out of memory.
                throw DatabaseError(resultCode: ResultCode(rawValue: code), sql: sql)
            }
        }
    }
}
