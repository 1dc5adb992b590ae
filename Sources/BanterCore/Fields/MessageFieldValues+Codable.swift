import Foundation

extension MessageFieldValues {
    /// A JSON key of a declared field.
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the declared fields under their JSON keys from a keyed container, each in the
    /// shape its kind says; absent keys and nulls read as null. Values are checked with
    /// `MessageField.problem(with:)`, a bad one thrown as `DecodingError.dataCorrupted`
    /// at its key.
    public init(from decoder: any Decoder, skipping skipped: [MessageField] = []) throws {
        self.init()
        let container = try decoder.container(keyedBy: Key.self)
        for field in MessageField.all where !skipped.contains(where: { $0.id == field.id }) {
            let key = Key(stringValue: field.jsonKey)
            guard container.contains(key), try !container.decodeNil(forKey: key) else { continue }
            let value: FieldValue =
                switch field.kind {
                case .boolean: .boolean(try container.decode(Bool.self, forKey: key))
                case .integer, .messageID: .integer(try container.decode(Int64.self, forKey: key))
                case .text: .text(try container.decode(String.self, forKey: key))
                case .structure(let codec): .json(try codec.decode(try container.superDecoder(forKey: key)))
                }
            if let problem = field.problem(with: value) {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
            }
            self[field] = value
        }
    }

    /// Writes the fields that are not null under their JSON keys.
    public func encode(to encoder: any Encoder, skipping skipped: [MessageField] = []) throws {
        var container = encoder.container(keyedBy: Key.self)
        for field in MessageField.all where !skipped.contains(where: { $0.id == field.id }) {
            let key = Key(stringValue: field.jsonKey)
            switch self[field] {
            case .null: break
            case .boolean(let value): try container.encode(value, forKey: key)
            case .integer(let value): try container.encode(value, forKey: key)
            case .text(let value): try container.encode(value, forKey: key)
            case .json(let text): try container.encode(JSONFragment(text), forKey: key)
            }
        }
    }
}

/// Canonical JSON text re-encoded as the nested value it is (for `Encodable` writers).
struct JSONFragment: Encodable {
    let text: String
    init(_ text: String) { self.text = text }

    func encode(to encoder: any Encoder) throws {
        let value = try JSONDecoder().decode(AnyJSON.self, from: Data(text.utf8))
        try value.encode(to: encoder)
    }
}

/// Any JSON value, to carry structured fields through `Codable`.
enum AnyJSON: Codable {
    case null, boolean(Bool), integer(Int64), number(Double), string(String), array([AnyJSON]), object(
        [String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .boolean(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .boolean(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
