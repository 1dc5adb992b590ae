import BanterCore

/// The messages a display has drawn, as they read when drawn (delivery status left out), so
/// that an update can be told apart: a new status only needs the live region redrawn, an
/// edit, a deletion or a reaction needs the message drawn again.
struct DrawnMessages {
    /// What changed in a drawn message.
    enum Change: Equatable {
        case edited, deleted, reactions
    }

    private var drawn: [Int64: Message] = [:]

    /// Remembers `messages` as drawn now (replacing what was remembered).
    mutating func reset(to messages: [Message]) {
        drawn.removeAll(keepingCapacity: true)
        for message in messages { record(message) }
    }

    mutating func record(_ message: Message) {
        drawn[message.id] = Self.content(message)
    }

    /// What changed in `message` since it was drawn, remembering the new version; nil when
    /// it was not drawn or only its status moved.
    mutating func change(to message: Message) -> Change? {
        guard let old = drawn[message.id] else { return nil }
        let new = Self.content(message)
        guard old != new else { return nil }
        drawn[message.id] = new
        if new.isDeleted, !old.isDeleted { return .deleted }
        if new.text != old.text || new.editedAt != old.editedAt { return .edited }
        return .reactions
    }

    private static func content(_ message: Message) -> Message {
        var content = message
        content.status = .sent
        return content
    }
}
