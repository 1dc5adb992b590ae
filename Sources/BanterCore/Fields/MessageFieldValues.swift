/// The values of a message's declared fields (`MessageField.all`), only those that are
/// not null: a message without any costs nothing (it is kept in `Message`'s boxed extras).
public struct MessageFieldValues: Hashable, Sendable {
    private var values: [String: FieldValue] = [:]

    public init() {}

    /// Whether every field is null.
    package var isEmpty: Bool { values.isEmpty }

    /// A field's value; setting `.null` removes it. Most messages have no field, and then
    /// the key is not even hashed.
    public subscript(field: MessageField) -> FieldValue {
        get { values.isEmpty ? .null : values[field.id] ?? .null }
        set { values[field.id] = newValue.isNull ? nil : newValue }
    }
}
