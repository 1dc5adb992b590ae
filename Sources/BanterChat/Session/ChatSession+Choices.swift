import BanterCore
import BanterScript

/// Picking a button, quick reply or card button of a bot's message: the digit keys, `/tap`,
/// a mouse click and a scenario's `tap` all come here.
extension ChatSession {
    /// How a pick names its choice.
    package enum ChoiceSelector: Hashable, Sendable, CustomStringConvertible {
        /// Its number as drawn (`[2 No]`).
        case number(Int)
        /// Its label, exactly, or else ignoring case.
        case label(String)
        /// Its payload (a scenario's `tap { payload = … }`).
        case payload(String)

        package var description: String {
            switch self {
            case .number(let number): "number \(number)"
            case .label(let label): Self.quoted(label)
            case .payload(let payload): "payload " + Self.quoted(payload)
            }
        }

        /// The text in quotes, its start only when it is long (a 1 MB payload is one short
        /// line in an error, not a megabyte of it).
        static func quoted(_ text: String) -> String {
            guard text.utf8.count > 80 else { return "\"\(text)\"" }
            return "\"\(text.prefix(60))…\" (\(text.utf8.count) bytes)"
        }
    }

    /// What `message` offers to pick now (its quick replies only while it is the newest).
    package func choices(of message: Message) -> [ActionChoice] {
        message.choices(isNewest: messages.last?.id == message.id)
    }

    /// The newest message of the loaded window from the other side that offers something to
    /// pick, with what it offers: what the digit keys and `/tap` without a reference pick from.
    package var newestWithChoices: (message: Message, choices: [ActionChoice])? {
        for message in messages.reversed() where message.sender.role == side.opposite.sender.role {
            let choices = choices(of: message)
            if !choices.isEmpty { return (message, choices) }
        }
        return nil
    }

    /// Picks a choice of `message` (the newest with choices when nil): stores its label as
    /// the user's message, publishes it and the pick, then hands the pick to the bot with
    /// the payload. Refused, naming what is on offer, when the message does not offer it.
    @discardableResult
    package func pick(_ selector: ChoiceSelector, on message: Message? = nil) throws(ChatError) -> Message {
        guard let (source, offered) = try choosing(on: message) else {
            throw .noSuchChoice("no message offers buttons or quick replies to pick")
        }
        guard let choice = Self.find(selector, in: offered) else {
            throw .noSuchChoice(Self.missing(selector, on: source, offered: offered))
        }
        guard let pick = try store(choice.button.label, from: writer) else {
            throw .noSuchChoice("the button's label is blank, so it cannot be sent")
        }
        publish(.picked(choice, on: source.id, pick: pick), from: .user)
        // In a group the pick goes to the bot that offered the button, not to every bot (it
        // answers that bot's question), and starts the turn budget again as any person's
        // message does.
        personPicked()
        if let offeredBy = source.sender.participant, let member = members.first(where: { $0.name == offeredBy }) {
            member.runtime.pressed(choice, on: source.id, message: pick)
        } else {
            bot?.pressed(choice, on: source.id, message: pick)
        }
        return pick
    }

    /// The message to pick on and its choices; an error when a given message offers none.
    private func choosing(on message: Message?) throws(ChatError) -> (Message, [ActionChoice])? {
        guard let message else { return newestWithChoices }
        guard message.sender.role == side.opposite.sender.role else {
            throw .noSuchChoice("#\(message.id) is your own message: pick the buttons of the other side's messages")
        }
        let offered = choices(of: message)
        if offered.isEmpty {
            let gone = message.actions.map { !$0.quickReplies.isEmpty } ?? false
            throw .noSuchChoice(
                gone
                    ? "the quick replies of #\(message.id) are gone (they go once one is picked or another message comes)"
                    : "#\(message.id) offers no buttons or quick replies")
        }
        return (message, offered)
    }

    /// The choice `selector` names among `choices`, if any.
    package static func find(_ selector: ChoiceSelector, in choices: [ActionChoice]) -> ActionChoice? {
        switch selector {
        case .number(let number):
            return choices.first { $0.number == number }
        case .label(let label):
            return choices.first { $0.button.label == label }
                ?? choices.first { $0.button.label.lowercased() == label.lowercased() }
        case .payload(let payload):
            return choices.first { $0.button.payload == payload }
        }
    }

    /// "#12 offers no "Maybe": [1 Yes] [2 No]", and why when the quick replies went.
    static func missing(_ selector: ChoiceSelector, on message: Message, offered: [ActionChoice]) -> String {
        let listed = offered.map { "[\($0.number) \($0.button.label)]" }.joined(separator: " ")
        var text = "#\(message.id) offers no \(selector): \(listed)"
        if let actions = message.actions, !actions.quickReplies.isEmpty,
            !offered.contains(where: { $0.kind == .quickReply })
        {
            text += " (its quick replies are gone: they go once one is picked or another message comes)"
        }
        return text
    }
}
