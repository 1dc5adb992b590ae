/// The value of one declared message field, in the few shapes every place a message goes
/// can hold: an SQLite column, a JSON value, a Lua value. A field's `MessageField.Kind`
/// says which shape it takes; `.null` is every field's default (the column's NULL, a key
/// left out of JSON and Lua).
public enum FieldValue: Hashable, Sendable {
    case null
    case boolean(Bool)
    case integer(Int64)
    case text(String)
    /// A structured value as compact JSON text with sorted keys: stored as such in a text
    /// column, written as a nested JSON value in exports, a table in Lua.
    case json(String)

    package var isNull: Bool { self == .null }

    package var boolean: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    package var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    package var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    package var json: String? {
        if case .json(let value) = self { return value }
        return nil
    }
}
