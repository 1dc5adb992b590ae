import GRDB
import GRDBSQLite

extension Statement {
    /// Readies a statement that will only ever run through `execute(binding:)` (each of
    /// `HotStatements`' statements, once, when it is prepared): GRDB then takes it as bound
    /// with no arguments of its own, and only resets it before each run; SQLite keeps the
    /// bindings across that reset.
    func takeBindingsDirectly() {
        setUncheckedArguments(StatementArguments())
    }

    /// Binds `values` to the statement's placeholders, in order, and runs it. For the statements a scenario runs for every
    /// message: `StatementArguments` builds a `DatabaseValue` per value through unspecialised
    /// generics and checks or names every placeholder, which cost as much as a status
    /// update's own work and a third of a message's insert. The statement was readied with
    /// `takeBindingsDirectly()`, and the caller passes exactly one value per placeholder
    /// (every statement here comes with its values from one place).
    func execute(binding values: [SQLValue]) throws {
        try bind(values)
        try execute()
    }

    /// Binds `values` as `execute(binding:)` does, replacing every earlier binding. SQLite
    /// binds only a statement reset since its last run: GRDB's own reset
    /// (`setUncheckedArguments`) also clears the bindings and walks the placeholders' names,
    /// a thousand instructions a statement, so the statement is reset here. Its answer is the
    /// last run's error, which that run already threw. Text is bound as GRDB binds it
    /// (copied by SQLite, up to a NUL: the store's texts are `storable`).
    func bind(_ values: [SQLValue]) throws {
        _ = sqlite3_reset(sqliteStatement)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code =
                switch value {
                case .null: sqlite3_bind_null(sqliteStatement, index)
                case .integer(let number): sqlite3_bind_int64(sqliteStatement, index, number)
                case .text(let text): text.bind(to: sqliteStatement, at: index)
                }
            guard code == 0 else {
                // SQLite's own message for the code: a value too big, out of memory.
                throw DatabaseError(resultCode: ResultCode(rawValue: code), sql: sql)
            }
        }
    }
}
