import BanterCore
import BanterLua
import Foundation

/// Bot memory values as JSON text: strings, numbers, booleans, lists and string-keyed
/// tables. Keys are written sorted, so the same value always gives the same text and the
/// runtime can save only what changed.
package enum MemoryCodec {
    package struct Unstorable: Error {
        package var message: String
    }

    /// `path` names the value in a refusal; it is only worked out for one.
    package static func encode(_ value: LuaValue, path: @autoclosure () -> String) throws(Unstorable) -> String {
        var output = ""
        try encode(value, path: path, into: &output)
        return output
    }

    private static func encode(_ value: LuaValue, path: () -> String, into output: inout String) throws(Unstorable) {
        switch value {
        case .nil:
            output += "null"
        case .boolean(let flag):
            output += flag ? "true" : "false"
        case .integer(let number):
            output += String(number)
        case .number(let number):
            guard number.isFinite else { throw Unstorable(message: "\(path()) is \(number), which cannot be stored") }
            output += number == number.rounded() && abs(number) < 1e15 ? String(format: "%.1f", number) : "\(number)"
        case .string(let text):
            StringLiteralSyntax.json.appendQuoted(text, to: &output)
        case .table(let table):
            if table.fields.isEmpty && !table.array.isEmpty {
                output += "["
                for (index, element) in table.array.enumerated() {
                    if index > 0 { output += "," }
                    try encode(element, path: { "\(path())[\(index + 1)]" }, into: &output)
                }
                output += "]"
            } else {
                guard table.array.isEmpty else {
                    throw Unstorable(message: "\(path()) mixes a list and named fields, which cannot be stored")
                }
                output += "{"
                for (index, key) in table.fields.keys.sorted().enumerated() {
                    if index > 0 { output += "," }
                    StringLiteralSyntax.json.appendQuoted(key, to: &output)
                    output += ":"
                    try encode(table.fields[key]!, path: { "\(path()).\(key)" }, into: &output)
                }
                output += "}"
            }
        case .other(let typeName):
            throw Unstorable(
                message:
                    "\(path()) is a \(typeName), which cannot be stored (use strings, numbers, booleans and tables)")
        }
    }

    /// The value stored as `json`, or nil when the text is not valid JSON.
    package static func decode(_ json: String) -> LuaValue? {
        if let scanned = scan(json) { return scanned }
        guard let data = json.data(using: .utf8),
            let decoded = try? JSONDecoder().decode(JSONValue.self, from: data)
        else { return nil }
        return decoded.value
    }

    private struct JSONValue: Decodable {
        var value: LuaValue

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                value = .nil
            } else if let flag = try? container.decode(Bool.self) {
                value = .boolean(flag)
            } else if let number = try? container.decode(Int64.self) {
                value = .integer(number)
            } else if let number = try? container.decode(Double.self) {
                value = .number(number)
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else if let list = try? container.decode([JSONValue].self) {
                value = .table(LuaTable(array: list.map(\.value)))
            } else {
                let fields = try container.decode([String: JSONValue].self)
                value = .table(LuaTable(fields: fields.mapValues(\.value)))
            }
        }
    }
}
