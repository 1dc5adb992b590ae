import BanterCore
import BanterTestSupport
import Foundation
import Testing

/// The declaration of message fields (`MessageField.all`): names that cannot clash, values
/// that are checked, and senders that are participants.
@Suite("Message fields")
struct MessageFieldTests {
    /// The keys the fields from before the declaration use in each place.
    static let builtInColumns = [
        "id", "conversation_id", "sender", "text", "sent_at", "status", "edited_at", "deleted_at", "quoted_message_id",
        "quoted_sender", "quoted_excerpt", "attachment_name", "attachment_type", "attachment_size", "attachment_width",
        "attachment_height",
    ]
    static let builtInJSONKeys = [
        "id", "sender", "text", "sent_at", "sent_at_ms", "status", "attachment", "quote", "reactions", "edited_at",
        "edited_at_ms", "deleted_at", "deleted_at_ms", "position", "section", "attachment_data", "message_id", "end",
    ]
    static let builtInLuaKeys = ["text", "id", "at", "from", "attachment", "quote", "reactions", "edited", "deleted"]

    @Test func namesAreUniqueAndNeverABuiltInOne() {
        let fields = MessageField.all
        let luaKeys = fields.flatMap { field -> [String] in
            switch (field.lua, field.kind) {
            case (.key(let key), _): [key]
            case (.spread, .structure(let codec)): codec.luaKeys.map(\.name)
            case (.spread, _): []
            }
        }
        for (name, keys, builtIn) in [
            ("ids", fields.map(\.id), [String]()), ("columns", fields.map(\.column), Self.builtInColumns),
            ("JSON keys", fields.map(\.jsonKey), Self.builtInJSONKeys), ("Lua keys", luaKeys, Self.builtInLuaKeys),
            ("scenario keys", fields.compactMap(\.scenarioKey), ["text", "pattern", "file", "quote", "within"]),
        ] {
            #expect(Set(keys).count == keys.count, "\(name) repeat: \(keys)")
            #expect(Set(keys).isDisjoint(with: builtIn), "\(name) clash with built-in ones: \(keys)")
        }
        for field in fields {
            #expect(field.column.allSatisfy { $0.isLowercase || $0 == "_" }, "\(field.column) is a plain SQL name")
            #expect(field.problem(with: field.sample(messageID: 1)) == nil, "\(field)'s sample is valid")
            #expect(field.problem(with: .null) == nil, "null is every field's default")
        }
    }

    @Test func valuesOfTheWrongKindAreRefusedWithWhatWasExpected() {
        #expect(MessageField.parent.problem(with: .text("3")) == "expected a message id, got a string")
        #expect(MessageField.parent.problem(with: .integer(0)) == "a message id is a positive integer, not 0")
        #expect(
            MessageField.participant.problem(with: .text(String(repeating: "x", count: 1025)))
                == "at most 1024 bytes of text")
        #expect(
            MessageField.actions.problem(with: .json("{\"buttons\":[]}"))
                == "actions need buttons, quick_replies, a card or final")
        #expect(MessageField.actions.problem(with: .json("[1]")) != nil)
    }

    @Test func actionsAreCheckedAndWrittenOneWay() throws {
        let actions = MessageActions(
            buttons: [ActionButton(label: "Yes"), ActionButton(label: "Site", url: "https://example.com")],
            quickReplies: [ActionButton(label: "Later", payload: "snooze")])
        #expect(
            actions.json
                == #"{"buttons":[{"label":"Yes","payload":"Yes"},{"label":"Site","payload":"Site","url":"https://example.com"}],"quick_replies":[{"label":"Later","payload":"snooze"}]}"#
        )
        #expect(MessageActions(json: actions.json) == actions)
        #expect(MessageActions(buttons: [ActionButton(label: " ")]).problem == "buttons[1]: a button needs a label")
        #expect(
            MessageActions(buttons: Array(repeating: ActionButton(label: "x"), count: 13)).problem
                == "buttons: at most 12 buttons, not 13")
        #expect(
            MessageActions(buttons: [ActionButton(label: "x", payload: String(repeating: "p", count: 5000))]).problem
                == "buttons[1]: a payload of at most 4096 bytes, not 5000")
        #expect(
            MessageActions(buttons: [ActionButton(label: "x", url: "not a url")]).problem
                == "buttons[1]: url must be an absolute URL (https://…)")
        #expect(MessageActions(card: ActionCard(title: "")).problem == "card: a card needs a title")

        var message = Message(
            id: 1, conversationID: 1, sender: .them, text: "Pick", sentAt: Timestamp(millisecondsSince1970: 0))
        #expect(message.actions == nil && message.parentID == nil && message.fields.isEmpty)
        message.actions = actions
        message.parentID = 9
        #expect(message.actions == actions && message.parentID == 9)
        #expect(message.fields[.actions] == .json(actions.json))
        message.actions = nil
        message.parentID = nil
        #expect(message.fields.isEmpty)
    }

    @Test func aSenderIsAParticipantAndTwoPartySendersStayAsTheyWere() throws {
        #expect(Sender.me == Sender(.me) && Sender.them.participant == nil && Sender.system.role == .system)
        #expect("\(Sender.me)" == "me" && "\(Sender(.them, participant: "Triage"))" == "Triage")
        var message = Message(
            id: 1, conversationID: 1, sender: Sender(.them, participant: "Triage"), text: "hi",
            sentAt: Timestamp(millisecondsSince1970: 0))
        #expect(message.sender.participant == "Triage" && message.fields[.participant] == .text("Triage"))
        message.sender = .them
        #expect(message.fields.isEmpty && message.sender == .them)

        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(Sender.them), as: UTF8.self) == #""them""#)
        let named = Sender(.them, participant: "Quiz")
        let json = try encoder.encode(named)
        #expect(String(decoding: json, as: UTF8.self) == #"{"participant":"Quiz","role":"them"}"#)
        #expect(try JSONDecoder().decode(Sender.self, from: json) == named)
        #expect(try JSONDecoder().decode(Sender.self, from: Data(#""me""#.utf8)) == .me)
    }

    @Test func clustersBreakWhenTheParticipantChangesAndOnlyThen() {
        func message(_ id: Int64, _ sender: Sender, _ seconds: Int64) -> Message {
            Message(
                id: id, conversationID: 1, sender: sender, text: "m\(id)",
                sentAt: Timestamp(millisecondsSince1970: seconds * 1000))
        }
        let triage = Sender(.them, participant: "Triage")
        let quiz = Sender(.them, participant: "Quiz")
        let items = Layout.items(
            for: [
                message(1, triage, 0), message(2, triage, 5), message(3, quiz, 10), message(4, .them, 15),
                message(5, .them, 20),
            ],
            rules: GroupingRules())
        let positions = items.compactMap { item -> ClusterPosition? in
            if case .message(_, let position, _) = item { return position }
            return nil
        }
        #expect(positions == [.first, .last, .single, .first, .last])
    }

    /// Grouping compares participant keys, not names: equal names give equal keys in every
    /// message however it was made, different names different keys, and no name none.
    @Test func participantKeysStandForNames() {
        func message(_ sender: Sender) -> Message {
            Message(id: 1, conversationID: 1, sender: sender, text: "x", sentAt: Timestamp(millisecondsSince1970: 0))
        }
        let triage = message(Sender(.them, participant: "Triage"))
        var renamed = message(.them)
        #expect(renamed.participantKey == ParticipantKeys.none && !renamed.namesParticipant)
        renamed.sender = Sender(.them, participant: "Triage")
        #expect(renamed.participantKey == triage.participantKey && renamed.namesParticipant)
        var fields = MessageFieldValues()
        fields[.participant] = .text("Triage")
        let fromFields = Message(
            id: 2, conversationID: 1, sender: .them, text: "y", sentAt: .init(millisecondsSince1970: 0), fields: fields)
        #expect(fromFields.participantKey == triage.participantKey)
        #expect(message(Sender(.them, participant: "triage")).participantKey != triage.participantKey)
        renamed.sender = .them
        #expect(renamed.participantKey == ParticipantKeys.none)
        #expect(triage.hasSameSender(as: message(Sender(.them, participant: "Triage"))))
        #expect(!triage.hasSameSender(as: message(Sender(.them, participant: "Quiz"))))
    }

    @Test func unnumberedKeysCompareTheNames() {
        let unnumbered = ParticipantKeys.unnumbered
        #expect(ParticipantKeys.same(unnumbered, unnumbered) { true })
        #expect(!ParticipantKeys.same(unnumbered, unnumbered) { false })
        #expect(ParticipantKeys.same(3, 3) { false }, "numbered keys decide alone")
        #expect(!ParticipantKeys.same(3, 4) { true })
    }

    @Test func messagesWithoutDeclaredFieldsStayAsSmallAsBefore() {
        #expect(MemoryLayout<Message>.stride <= 56)
    }
}
