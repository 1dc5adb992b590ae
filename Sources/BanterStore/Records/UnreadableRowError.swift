/// A row holds a value this version of Banter cannot map to its models, such as a delivery
/// status it does not know. Reported to the user as a damaged database.
struct UnreadableRowError: Error, CustomStringConvertible {
    let table: String
    let id: Int64
    let detail: String

    var description: String { "row \(id) of \(table) is unreadable: \(detail)" }
}
