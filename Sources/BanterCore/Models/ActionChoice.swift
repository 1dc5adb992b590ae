/// One thing a person can pick on a message, numbered as it is drawn (`[1 Yes]`): a
/// button of the message's card, one of its buttons, or one of its quick replies. What
/// the digit keys, `/tap`, a scenario's `tap` and `banter crawl` choose from.
public struct ActionChoice: Hashable, Sendable {
    /// Where on the message the choice is drawn.
    public enum Kind: String, Hashable, Sendable {
        case card = "card button"
        case button
        case quickReply = "quick reply"
    }

    /// Its number on the message, from 1, in drawing order.
    package var number: Int
    package var kind: Kind
    package var button: ActionButton

    public init(number: Int, kind: Kind, button: ActionButton) {
        self.number = number
        self.kind = kind
        self.button = button
    }
}

extension MessageActions {
    /// The choices a person can pick, numbered in the order they are drawn: the card's
    /// buttons, the buttons, then the quick replies when `showingQuickReplies` (they show
    /// only while their message is the conversation's newest). Link buttons are left out
    /// and not numbered: they open their URL in the terminal and tell the bot nothing.
    package func choices(showingQuickReplies: Bool) -> [ActionChoice] {
        var choices: [ActionChoice] = []
        func add(_ list: [ActionButton], _ kind: ActionChoice.Kind) {
            for button in list where button.url == nil {
                choices.append(ActionChoice(number: choices.count + 1, kind: kind, button: button))
            }
        }
        add(card?.buttons ?? [], .card)
        add(buttons, .button)
        if showingQuickReplies { add(quickReplies, .quickReply) }
        return choices
    }
}

extension Message {
    /// What a person can pick on this message now: `isNewest` says whether it is the
    /// conversation's newest message, the only one whose quick replies still show (a pick,
    /// a typed message or any later message makes them go, as in Messenger and Bot
    /// Framework). Empty for a deleted message.
    package func choices(isNewest: Bool) -> [ActionChoice] {
        guard !isDeleted, let actions else { return [] }
        return actions.choices(showingQuickReplies: isNewest)
    }
}
