/// Plain data crossing between Lua and Swift: what host functions receive and return.
/// Functions, threads and userdata only appear as `.other` with their type name, so that an
/// error can say what was passed instead.
package enum LuaValue: Hashable, Sendable {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case table(LuaTable)
    case other(typeName: String)

    /// The Lua type name, for error messages ("expected a string, got table").
    package var typeName: String {
        switch self {
        case .nil: "nil"
        case .boolean: "boolean"
        case .integer, .number: "number"
        case .string: "string"
        case .table: "table"
        case .other(let name): name
        }
    }

    package var isNil: Bool { self == .nil }

    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// Integers and floats alike.
    package var doubleValue: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .number(let value): value
        default: nil
        }
    }

    package var tableValue: LuaTable? {
        if case .table(let table) = self { return table }
        return nil
    }
}

/// A Lua table read as data: its sequence part (keys 1...n) and its string-keyed fields.
/// Other keys are not carried over.
package struct LuaTable: Hashable, Sendable {
    package var array: [LuaValue]
    package var fields: [String: LuaValue]

    package init(array: [LuaValue] = [], fields: [String: LuaValue] = [:]) {
        self.array = array
        self.fields = fields
    }

    package subscript(key: String) -> LuaValue { fields[key] ?? .nil }
}
