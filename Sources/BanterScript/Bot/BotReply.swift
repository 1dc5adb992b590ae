import BanterCore
import Foundation

/// What a bot sends with `chat:reply`: text (a caption when a file goes with it), a file
/// from the bot's own folder (a card's picture travels as one), the message it quotes, and
/// its buttons, quick replies and card.
package struct BotReply: Hashable, Sendable {
    package var text: String
    package var file: BotFile?
    /// The id of the message the reply quotes (`{ quote = msg }`).
    package var quotedMessageID: Int64?
    /// `{ buttons = …, quick_replies = …, card = …, final = true }`, checked.
    package var actions: MessageActions?

    package init(text: String, file: BotFile? = nil, quotedMessageID: Int64? = nil, actions: MessageActions? = nil) {
        self.text = text
        self.file = file
        self.quotedMessageID = quotedMessageID
        self.actions = actions
    }
}

/// A file a bot sends: its name (without folders) and bytes, read from the bot's folder.
package struct BotFile: Hashable, Sendable {
    package var name: String
    package var contents: Data

    package init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }
}
