import BanterCore
import BanterLua

/// The `buttons`, `quick_replies`, `card` and `final` options of `chat:reply`, read into
/// `MessageActions` with errors that name the option and the button ("chat:reply:
/// buttons[2]: a button needs a label"). A button is written as its label (`"Yes"`) or as
/// `{ label = "Yes", payload = "yes" }` or `{ label = "Menu", url = "https://…" }`.
enum ReplyActions {
    /// The actions `options` asks for, checked against `MessageActions`' limits; nil when
    /// it asks for none.
    static func parse(_ options: LuaTable, _ function: String) throws(LuaCallError) -> MessageActions? {
        var actions = MessageActions()
        actions.buttons = try buttons(options["buttons"], "\(function): buttons")
        actions.quickReplies = try buttons(options["quick_replies"], "\(function): quick_replies")
        switch options["final"] {
        case .nil, .boolean(false): break
        case .boolean(true): actions.isFinal = true
        case let other: throw LuaCallError("\(function): final must be true or false, got \(other.typeName)")
        }
        switch options["card"] {
        case .nil: break
        case .table(let card): actions.card = try self.card(card, "\(function): card")
        case let other:
            throw LuaCallError(
                "\(function): card must be a table like { title = \"Pizza\", buttons = { \"Order\" } }, got \(other.typeName)"
            )
        }
        guard actions != MessageActions() else { return nil }
        if let problem = actions.problem { throw LuaCallError("\(function): \(problem)") }
        return actions
    }

    private static func card(_ table: LuaTable, _ place: String) throws(LuaCallError) -> ActionCard {
        try LuaArguments.checkKeys(table, place, known: ChatAPI.cardOptions.fieldNames)
        guard let title = table["title"].stringValue else {
            throw LuaCallError("\(place): a card needs a title (text), got \(table["title"].typeName)")
        }
        return ActionCard(
            title: title,
            subtitle: try LuaArguments.optionalString(table["subtitle"], "\(place): subtitle"),
            image: try LuaArguments.optionalString(table["image"], "\(place): image"),
            buttons: try buttons(table["buttons"], "\(place): buttons"))
    }

    private static func buttons(_ value: LuaValue, _ place: String) throws(LuaCallError) -> [ActionButton] {
        switch value {
        case .nil:
            return []
        case .table(let list) where list.fields.isEmpty:
            // Counted before each is read, so 50 buttons fail on the count, not on the 13th.
            guard list.array.count <= MessageActions.maximumButtons else {
                throw LuaCallError(
                    "\(place): at most \(MessageActions.maximumButtons) buttons, not \(list.array.count)")
            }
            var buttons: [ActionButton] = []
            for (index, element) in list.array.enumerated() {
                buttons.append(try button(element, "\(place)[\(index + 1)]"))
            }
            return buttons
        case let other:
            throw LuaCallError("\(place) must be a list like { \"Yes\", \"No\" }, got \(other.typeName)")
        }
    }

    private static func button(_ value: LuaValue, _ place: String) throws(LuaCallError) -> ActionButton {
        switch value {
        case .string(let label):
            return ActionButton(label: label)
        case .table(let table):
            try LuaArguments.checkKeys(table, place, known: ChatAPI.buttonOptions.fieldNames)
            guard let label = table["label"].stringValue else {
                throw LuaCallError("\(place): a button needs a label (text), got \(table["label"].typeName)")
            }
            let payload: String?
            switch table["payload"] {
            case .nil: payload = nil
            case .string(let text): payload = text
            case .integer, .number: payload = LuaState.printable(table["payload"])
            case let other: throw LuaCallError("\(place): payload must be text, got \(other.typeName)")
            }
            let url = try LuaArguments.optionalString(table["url"], "\(place): url")
            return ActionButton(label: label, payload: payload, url: url)
        case let other:
            throw LuaCallError("\(place) must be a label or { label = …, payload = … }, got \(other.typeName)")
        }
    }
}
