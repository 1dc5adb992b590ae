import BanterCore

/// Buttons, quick replies and a card in one short exchange on the reference day (issue
/// 27): a card with a picture and a link button, my pick, a message with buttons and quick
/// replies (the newest, so its quick replies show), and before it a message whose quick
/// replies are gone. Labels carry what a bot may send: an escape sequence, a long label,
/// a right-to-left override. The terminal's goldens and the exports' both draw it.
package enum ActionsConversation {
    package static func at(_ hour: Int64, _ minute: Int64, _ second: Int64 = 0) -> Timestamp {
        ReferenceDay.at(dayOffset: 0, hour, minute, second)
    }

    package static let card = ActionCard(
        title: "Margherita", subtitle: "Tomato, mozzarella, basil · from 8 €", image: "margherita.png",
        buttons: [
            ActionButton(label: "Order", payload: "order"),
            ActionButton(label: "Menu", url: "https://example.com/menu"),
        ])

    package static func messages(conversationID: Int64 = 1) -> [Message] {
        var special = Message(
            id: 1, conversationID: conversationID, sender: .them, text: "Tonight's special:", sentAt: at(19, 0),
            attachment: Attachment(
                fileName: "margherita.png", mediaType: "image/png", byteCount: 1799,
                pixelSize: PixelSize(width: 64, height: 48)))
        special.actions = MessageActions(card: card)
        let pick = Message(id: 2, conversationID: conversationID, sender: .me, text: "Order", sentAt: at(19, 1))
        var sizes = Message(
            id: 3, conversationID: conversationID, sender: .them, text: "Which size?", sentAt: at(19, 1, 5))
        sizes.actions = MessageActions(quickReplies: ["Small", "Medium", "Large"].map { ActionButton(label: $0) })
        let typed = Message(id: 4, conversationID: conversationID, sender: .me, text: "large", sentAt: at(19, 2))
        var confirm = Message(
            id: 5, conversationID: conversationID, sender: .them, text: "A large Margherita. Shall I send it?",
            sentAt: at(19, 2, 5))
        confirm.actions = MessageActions(
            buttons: [
                ActionButton(label: "Yes", payload: "confirm"), ActionButton(label: "No", payload: "cancel"),
                ActionButton(label: "\u{1B}[31mRed\u{1B}[0m \u{202E}txet", payload: "escape"),
                ActionButton(label: String(repeating: "Extra cheese ", count: 6), payload: "long"),
            ],
            quickReplies: [ActionButton(label: "Later", payload: "snooze")])
        return [special, pick, sizes, typed, confirm]
    }
}
