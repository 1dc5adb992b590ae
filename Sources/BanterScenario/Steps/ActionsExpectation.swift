import BanterCore
import BanterLua
import BanterScript

/// What `expect_reply { buttons = …, quick_replies = …, card = … }` and `expect_card { … }`
/// check of a reply's `MessageActions`: each list given is compared in order, a button
/// written as its label or as `{ label =, payload =, url = }` (only the keys given count).
struct ActionsExpectation: Hashable, Sendable, CustomStringConvertible {
    /// One expected button: the keys given.
    struct Button: Hashable, Sendable, CustomStringConvertible {
        var label: String?
        var payload: String?
        var url: String?

        func accepts(_ button: ActionButton) -> Bool {
            (label.map { $0 == button.label } ?? true) && (payload.map { $0 == button.payload } ?? true)
                && (url.map { $0 == button.url } ?? true)
        }

        var description: String {
            var parts: [String] = []
            if let label { parts.append(ScenarioText.quoted(label)) }
            if let payload { parts.append("payload \(ScenarioText.quoted(payload))") }
            if let url { parts.append("url \(ScenarioText.quoted(url))") }
            return "[" + parts.joined(separator: " ") + "]"
        }
    }

    /// The expected card: the keys given.
    struct Card: Hashable, Sendable {
        var title: String?
        var subtitle: String?
        var image: String?
        var buttons: [Button]?
    }

    var buttons: [Button]?
    var quickReplies: [Button]?
    var card: Card?

    var isEmpty: Bool { buttons == nil && quickReplies == nil && card == nil }

    /// The option-table fields of these keys, for the catalogue.
    static let fields = [
        APIField("buttons", "(string|ButtonOptions)[]", doc: "The reply's buttons, in order (labels or tables)."),
        APIField("quick_replies", "(string|ButtonOptions)[]", doc: "The reply's quick replies, in order."),
        APIField("card", "ExpectCard", doc: "The reply carries a card with these keys."),
    ]

    static let cardTable = APIClass(
        "ExpectCard", doc: "The card `expect_card { … }` and `expect_reply { card = … }` check (the keys given).",
        fields: [
            APIField("title", "string", doc: "The card's title."),
            APIField("subtitle", "string", doc: "Its subtitle."),
            APIField("image", "string", doc: "Its picture's file name."),
            APIField("buttons", "(string|ButtonOptions)[]", doc: "Its buttons, in order."),
            ScenarioOptionTables.within,
        ])

    /// Reads the keys from an expectation table.
    static func parse(_ options: LuaTable, _ name: String) throws(LuaCallError) -> ActionsExpectation {
        var expectation = ActionsExpectation()
        expectation.buttons = try buttons(options["buttons"], "\(name): buttons")
        expectation.quickReplies = try buttons(options["quick_replies"], "\(name): quick_replies")
        switch options["card"] {
        case .nil: break
        case .table(let card): expectation.card = try self.card(card, "\(name): card")
        case let other:
            throw LuaCallError("\(name): card must be a table like { title = \"…\" }, got \(other.typeName)")
        }
        return expectation
    }

    static func card(_ table: LuaTable, _ place: String) throws(LuaCallError) -> Card {
        try LuaArguments.checkKeys(table, place, known: cardTable.fieldNames)
        return Card(
            title: try LuaArguments.optionalString(table["title"], "\(place): title"),
            subtitle: try LuaArguments.optionalString(table["subtitle"], "\(place): subtitle"),
            image: try LuaArguments.optionalString(table["image"], "\(place): image"),
            buttons: try buttons(table["buttons"], "\(place): buttons"))
    }

    private static func buttons(_ value: LuaValue, _ place: String) throws(LuaCallError) -> [Button]? {
        switch value {
        case .nil:
            return nil
        case .table(let list) where list.fields.isEmpty:
            var buttons: [Button] = []
            for (index, element) in list.array.enumerated() {
                switch element {
                case .string(let label):
                    buttons.append(Button(label: label))
                case .table(let table):
                    let at = "\(place)[\(index + 1)]"
                    try LuaArguments.checkKeys(table, at, known: ["label", "payload", "url"])
                    buttons.append(
                        Button(
                            label: try LuaArguments.optionalString(table["label"], "\(at): label"),
                            payload: try LuaArguments.optionalString(table["payload"], "\(at): payload"),
                            url: try LuaArguments.optionalString(table["url"], "\(at): url")))
                case let other:
                    throw LuaCallError(
                        "\(place)[\(index + 1)] must be a label or { label = …, payload = … }, got \(other.typeName)")
                }
            }
            return buttons
        case let other:
            throw LuaCallError("\(place) must be a list like { \"Yes\", \"No\" }, got \(other.typeName)")
        }
    }

    /// Whether `actions` (nil: none) has everything expected.
    func accepts(_ actions: MessageActions?) -> Bool {
        let actions = actions ?? MessageActions()
        if let buttons, !Self.match(buttons, actions.buttons) { return false }
        if let quickReplies, !Self.match(quickReplies, actions.quickReplies) { return false }
        if let card {
            guard let actual = actions.card else { return false }
            if let title = card.title, title != actual.title { return false }
            if let subtitle = card.subtitle, subtitle != actual.subtitle { return false }
            if let image = card.image, image != actual.image { return false }
            if let buttons = card.buttons, !Self.match(buttons, actual.buttons) { return false }
        }
        return true
    }

    private static func match(_ expected: [Button], _ actual: [ActionButton]) -> Bool {
        expected.count == actual.count && zip(expected, actual).allSatisfy { $0.accepts($1) }
    }

    var description: String {
        var parts: [String] = []
        if let buttons { parts.append("with buttons " + buttons.map(\.description).joined(separator: " ")) }
        if let quickReplies {
            parts.append("with quick replies " + quickReplies.map(\.description).joined(separator: " "))
        }
        if let card {
            var what = ["card"]
            if let title = card.title { what.append(ScenarioText.quoted(title)) }
            if let subtitle = card.subtitle { what.append("subtitle \(ScenarioText.quoted(subtitle))") }
            if let image = card.image { what.append("image \(ScenarioText.quoted(image))") }
            if let buttons = card.buttons {
                what.append("buttons " + buttons.map(\.description).joined(separator: " "))
            }
            parts.append("with " + what.joined(separator: " "))
        }
        return parts.joined(separator: " ")
    }

    /// How a reply's actions read in a failure: "with buttons [Yes] [No]", "with card "Pizza"".
    static func describe(_ actions: MessageActions?) -> String? {
        guard let actions else { return nil }
        func list(_ buttons: [ActionButton]) -> String {
            buttons.map { "[\(ScenarioText.quoted($0.label))]" }.joined(separator: " ")
        }
        var parts: [String] = []
        if let card = actions.card {
            parts.append(
                "with card \(ScenarioText.quoted(card.title))" + (card.buttons.isEmpty ? "" : " " + list(card.buttons)))
        }
        if !actions.buttons.isEmpty { parts.append("with buttons " + list(actions.buttons)) }
        if !actions.quickReplies.isEmpty { parts.append("with quick replies " + list(actions.quickReplies)) }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }
}
