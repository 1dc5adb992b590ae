import Foundation
import Synchronization

/// What a message offers to tap besides its text: buttons (which stay on the message),
/// quick replies (which go once one is picked or the person types) and a card (a title,
/// a subtitle, a picture and buttons of its own). Stored and exported as JSON (the
/// `actions` field); shown to bots as `msg.buttons`, `msg.quick_replies` and `msg.card`.
/// Not named `MessageAction`: that is BanterChat's command on a message.
package struct MessageActions: Hashable, Sendable, Codable {
    package var buttons: [ActionButton]
    package var quickReplies: [ActionButton]
    package var card: ActionCard?
    /// The bot marked the message as an end of the conversation (`{ final = true }`), so
    /// `banter crawl` does not count it as a dead end when it offers nothing to pick.
    package var isFinal: Bool

    /// The most buttons in one list (buttons, quick replies, a card's buttons).
    package static let maximumButtons = 12

    package init(
        buttons: [ActionButton] = [], quickReplies: [ActionButton] = [], card: ActionCard? = nil, isFinal: Bool = false
    ) {
        self.buttons = buttons
        self.quickReplies = quickReplies
        self.card = card
        self.isFinal = isFinal
    }

    private enum CodingKeys: String, CodingKey {
        case buttons, card
        case quickReplies = "quick_replies"
        case isFinal = "final"
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        buttons = try container.decodeIfPresent([ActionButton].self, forKey: .buttons) ?? []
        quickReplies = try container.decodeIfPresent([ActionButton].self, forKey: .quickReplies) ?? []
        card = try container.decodeIfPresent(ActionCard.self, forKey: .card)
        isFinal = try container.decodeIfPresent(Bool.self, forKey: .isFinal) ?? false
    }

    /// Empty lists are left out, so a message with only a card writes only `card`.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !buttons.isEmpty { try container.encode(buttons, forKey: .buttons) }
        if !quickReplies.isEmpty { try container.encode(quickReplies, forKey: .quickReplies) }
        try container.encodeIfPresent(card, forKey: .card)
        if isFinal { try container.encode(true, forKey: .isFinal) }
    }

    /// Canonical JSON: compact, keys sorted (what the `actions` column holds). A bot sends
    /// the same few menus again and again, and storing one checks its encoding twice:
    /// actions encoded before come from `encoded`.
    package var json: String {
        if let known = Self.encoded.withLock({ $0[self] }) { return known }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and arrays of them always encode.
        let text = (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        Self.encoded.withLock { encoded in
            if encoded.count < Self.decodedCapacity { encoded[self] = text }
        }
        return text
    }

    /// Canonical JSON of actions encoded so far, up to `decodedCapacity` of them.
    private static let encoded = Mutex<[MessageActions: String]>([:])

    /// The actions in canonical JSON text; nil when the text is not such a value. A message's
    /// actions are read each time they are asked for (choices, drawing, a handler's `msg`),
    /// and a bot sends the same few menus again and again: texts decoded before come from
    /// `decoded`.
    package init?(json: String) {
        if let known = Self.decoded.withLock({ $0[json] }) {
            self = known
            return
        }
        guard let value = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) else { return nil }
        Self.decoded.withLock { decoded in
            if decoded.count < Self.decodedCapacity { decoded[json] = value }
        }
        self = value
    }

    /// Actions decoded so far by their JSON text, up to `decodedCapacity` of them (the same
    /// bound serves `encoded`).
    private static let decoded = Mutex<[String: MessageActions]>([:])
    private static let decodedCapacity = 256

    /// Why these actions cannot be stored, or nil.
    package var problem: String? {
        if buttons.isEmpty && quickReplies.isEmpty && card == nil && !isFinal {
            return "actions need buttons, quick_replies, a card or final"
        }
        if let problem = ActionButton.problem(in: buttons, "buttons") { return problem }
        if let problem = ActionButton.problem(in: quickReplies, "quick_replies") { return problem }
        return card?.problem
    }

    /// The `actions` field's codec: decodes through this type, so only valid actions are
    /// stored and each is written one way.
    static let codec = StructuredFieldCodec(
        decode: { decoder in
            let actions = try MessageActions(from: decoder)
            if let problem = actions.problem {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: problem))
            }
            return actions.json
        },
        problem: { json in
            guard let actions = MessageActions(json: json) else {
                return "not actions: {\"buttons\": [{\"label\": …}]}"
            }
            return actions.problem ?? (actions.json == json ? nil : "not in canonical form")
        },
        luaKeys: [
            ("buttons", "BanterButton[]", "Buttons that stay on the message, if any."),
            ("quick_replies", "BanterButton[]", "Quick replies, gone once one is picked, if any."),
            ("card", "BanterCard", "A card (title, subtitle, image, buttons), if any."),
            ("final", "boolean", "true when the bot marked the message as an end (`{ final = true }`)."),
        ],
        example: MessageActions(
            buttons: [ActionButton(label: "Yes"), ActionButton(label: "Menu", url: "https://example.com/menu")],
            quickReplies: [ActionButton(label: "Later", payload: "snooze")],
            card: ActionCard(title: "Pizza", subtitle: "Margherita", buttons: [ActionButton(label: "Order")]),
            isFinal: true
        ).json)
}

/// One button: a label, and the payload a bot receives when it is picked (the label
/// unless given), or a URL it opens instead.
public struct ActionButton: Hashable, Sendable, Codable {
    package var label: String
    package var payload: String
    package var url: String?

    /// The longest label and payload, in UTF-8 bytes.
    static let maximumLabelBytes = 256
    static let maximumPayloadBytes = 4096

    public init(label: String, payload: String? = nil, url: String? = nil) {
        self.label = label
        self.payload = payload ?? label
        self.url = url
    }

    private enum CodingKeys: String, CodingKey { case label, payload, url }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            label: try container.decode(String.self, forKey: .label),
            payload: try container.decodeIfPresent(String.self, forKey: .payload),
            url: try container.decodeIfPresent(String.self, forKey: .url))
    }

    static func problem(in buttons: [ActionButton], _ name: String) -> String? {
        guard buttons.count <= MessageActions.maximumButtons else {
            return "\(name): at most \(MessageActions.maximumButtons) buttons, not \(buttons.count)"
        }
        for (index, button) in buttons.enumerated() {
            if button.label.isBlank { return "\(name)[\(index + 1)]: a button needs a label" }
            if button.label.utf8.count > maximumLabelBytes {
                return
                    "\(name)[\(index + 1)]: a label of at most \(maximumLabelBytes) bytes, not \(button.label.utf8.count)"
            }
            if button.payload.utf8.count > maximumPayloadBytes {
                return
                    "\(name)[\(index + 1)]: a payload of at most \(maximumPayloadBytes) bytes, not \(button.payload.utf8.count)"
            }
            if let url = button.url, url.utf8.count > maximumPayloadBytes || URL(string: url)?.scheme == nil {
                return "\(name)[\(index + 1)]: url must be an absolute URL (https://…)"
            }
        }
        return nil
    }
}

/// A card: a framed block with a title, an optional subtitle and picture (a file of the
/// bot's folder), and buttons of its own.
package struct ActionCard: Hashable, Sendable, Codable {
    package var title: String
    package var subtitle: String?
    package var image: String?
    package var buttons: [ActionButton]

    package init(title: String, subtitle: String? = nil, image: String? = nil, buttons: [ActionButton] = []) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
        self.buttons = buttons
    }

    private enum CodingKeys: String, CodingKey { case title, subtitle, image, buttons }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        title = try container.decode(String.self, forKey: .title)
        subtitle = try container.decodeIfPresent(String.self, forKey: .subtitle)
        image = try container.decodeIfPresent(String.self, forKey: .image)
        buttons = try container.decodeIfPresent([ActionButton].self, forKey: .buttons) ?? []
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(subtitle, forKey: .subtitle)
        try container.encodeIfPresent(image, forKey: .image)
        if !buttons.isEmpty { try container.encode(buttons, forKey: .buttons) }
    }

    var problem: String? {
        if title.isBlank { return "card: a card needs a title" }
        for (name, text) in [("title", title), ("subtitle", subtitle ?? ""), ("image", image ?? "")]
        where text.utf8.count > ActionButton.maximumLabelBytes {
            return "card: a \(name) of at most \(ActionButton.maximumLabelBytes) bytes"
        }
        return ActionButton.problem(in: buttons, "card.buttons")
    }
}
