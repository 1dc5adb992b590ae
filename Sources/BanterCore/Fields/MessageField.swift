/// One field of a message, declared once: its Swift name, its SQLite column, its key in
/// JSON exports and imports, where it shows in a bot's `msg` table, whether a scenario's
/// `expect_reply` can check it, and the migration that added its column. The store's SQL,
/// the JSON Lines writer and reader, the Lua bridge, the API catalogue and scenario
/// expectations all read `MessageField.all`, so adding a field to messages is one entry
/// there and a typed accessor beside it (see docs/message-fields.md).
///
/// The fields messages had before this declaration (sender, text, times, status,
/// attachment, quote, reactions, edit and deletion) keep their hand-written shapes, which
/// old exports fix; they are listed in docs/message-fields.md too.
///
/// A class, not a struct: every row read and every line written walks the declared fields,
/// and passing one of these around is then one reference count rather than one per string
/// it holds.
public final class MessageField: Sendable, Identifiable, CustomStringConvertible {
    /// The shape of a field's value and how each side checks it.
    public enum Kind: Sendable {
        case boolean
        case integer
        /// Text of at most `maximumTextBytes` UTF-8 bytes.
        case text
        /// The id of another message of the same conversation: remapped to the new ids on
        /// import, like quotes.
        case messageID
        /// A structured value (see `StructuredFieldCodec`).
        case structure(StructuredFieldCodec)
    }

    /// Where the value shows in a bot's `msg` table.
    public enum LuaPlacement: Sendable, Hashable {
        /// As `msg[key]`.
        case key(String)
        /// The value is a JSON object whose keys become keys of `msg` (`msg.buttons`,
        /// `msg.quick_replies`, `msg.card` for `actions`).
        case spread
    }

    /// The Swift name, also the field's identity ("parentID").
    public let id: String
    /// The column of the `messages` table holding it.
    package let column: String
    /// Its key in a message line of a JSON transcript; left out when the value is null.
    package let jsonKey: String
    package let lua: LuaPlacement
    /// The key of `expect_reply { … }` that checks it, if a scenario can.
    package let scenarioKey: String?
    /// The store migration that added `column` (registered from this declaration, in the
    /// order fields are declared).
    package let migration: String
    package let kind: Kind
    /// Whether the field is part of what the message says, like its text: deleting the
    /// message clears it (a deleted message keeps only its place, time and sender).
    package let isContent: Bool
    /// One line for the API catalogue and the docs.
    package let doc: String

    public init(
        _ id: String, column: String, json jsonKey: String, lua: LuaPlacement, scenario scenarioKey: String? = nil,
        migration: String, kind: Kind, isContent: Bool = false, doc: String
    ) {
        self.id = id
        self.column = column
        self.jsonKey = jsonKey
        self.lua = lua
        self.scenarioKey = scenarioKey
        self.migration = migration
        self.kind = kind
        self.isContent = isContent
        self.doc = doc
    }

    public var description: String { id }

    /// The longest text value, in UTF-8 bytes.
    package static let maximumTextBytes = 1024

    /// The SQLite type of the column.
    package var columnType: String {
        switch kind {
        case .boolean, .integer, .messageID: "INTEGER"
        case .text, .structure: "TEXT"
        }
    }

    /// The LuaLS type of the value in `msg`, for `.key` placements.
    package var luaType: String {
        switch kind {
        case .boolean: "boolean"
        case .integer, .messageID: "integer"
        case .text: "string"
        case .structure: "table"
        }
    }

    /// Why `value` cannot be this field's, or nil when it can (null always can). What an
    /// import, a store read and a scenario say about a bad value.
    package func problem(with value: FieldValue) -> String? {
        switch (kind, value) {
        case (_, .null), (.boolean, .boolean), (.integer, .integer):
            return nil
        case (.messageID, .integer(let id)):
            return id > 0 ? nil : "a message id is a positive integer, not \(id)"
        case (.text, .text(let text)):
            return text.utf8.count <= Self.maximumTextBytes ? nil : "at most \(Self.maximumTextBytes) bytes of text"
        case (.structure(let codec), .json(let json)):
            return codec.problem(json)
        default:
            return "expected \(expected), got \(Self.describe(value))"
        }
    }

    /// What a value of this field looks like, for errors.
    package var expected: String {
        switch kind {
        case .boolean: "true or false"
        case .integer: "an integer"
        case .messageID: "a message id"
        case .text: "a string"
        case .structure: "an object"
        }
    }

    private static func describe(_ value: FieldValue) -> String {
        switch value {
        case .null: "null"
        case .boolean: "true or false"
        case .integer: "an integer"
        case .text: "a string"
        case .json: "an object"
        }
    }
}

/// How a structured field's value (`FieldValue.json`) is read from a JSON import and
/// checked: the value's own Swift type decodes and validates it, and writes it back as
/// canonical JSON (compact, sorted keys), so one value always has one text.
public struct StructuredFieldCodec: Sendable {
    /// Decodes the JSON value at `decoder` into canonical JSON text.
    package let decode: @Sendable (any Decoder) throws -> String
    /// Why canonical JSON text is not a valid value, or nil.
    package let problem: @Sendable (String) -> String?
    /// The keys a `.spread` value puts in a bot's `msg` table: name, LuaLS type, doc.
    package let luaKeys: [(name: String, type: String, doc: String)]
    /// A valid value, for documentation and tests. Made when asked: encoding it when the
    /// field list is first read cost every command that opens the store a JSON encoder's
    /// first run (a tenth of `banter render`'s instructions).
    package var example: String { makeExample() }
    private let makeExample: @Sendable () -> String

    public init(
        decode: @escaping @Sendable (any Decoder) throws -> String, problem: @escaping @Sendable (String) -> String?,
        luaKeys: [(name: String, type: String, doc: String)], example: @escaping @Sendable @autoclosure () -> String
    ) {
        self.decode = decode
        self.problem = problem
        self.luaKeys = luaKeys
        makeExample = example
    }
}
