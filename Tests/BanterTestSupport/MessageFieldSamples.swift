import BanterCore

extension MessageField {
    /// A value of this field that is not null, for tests that go through every declared
    /// field: `messageID` is the message a message-id field (the parent) points at.
    package func sample(messageID: Int64) -> FieldValue {
        switch kind {
        case .boolean: .boolean(true)
        case .integer: .integer(42)
        case .messageID: .integer(messageID)
        case .text: .text("Triage «\(id)»")
        case .structure(let codec): .json(codec.example)
        }
    }
}

extension MessageFieldValues {
    /// Every declared field set to its sample (see `MessageField.sample(messageID:)`).
    package static func samples(messageID: Int64) -> MessageFieldValues {
        var values = MessageFieldValues()
        for field in MessageField.all { values[field] = field.sample(messageID: messageID) }
        return values
    }
}
