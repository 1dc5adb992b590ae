import BanterCore

/// A slash command typed at the prompt, parsed and validated but not yet run.
public enum ReplCommand: Hashable, Sendable {
    /// `/help [COMMAND]`
    case help(topic: String?)
    /// `/bot FILE`: load (or switch to) a bot script.
    case bot(path: String)
    /// `/reload`: load the bot's script again.
    case reload
    /// `/chats`: list the conversations.
    case chats
    /// `/open NAME`: open an existing conversation.
    case open(title: String)
    /// `/new NAME`: create a conversation (with the current bot) and open it.
    case new(title: String)
    /// `/more`: load the previous page.
    case more
    /// `/grouping [section=…] [cluster=…] [header=…]`: show (no change) or change the rules.
    case grouping(GroupingChange)
    /// `/as them TEXT` (`/as me TEXT` when speaking as them): add a message from the other
    /// side.
    case asOtherSide(text: String)
    /// `/wait DURATION`: move this conversation's clock forward.
    case wait(Duration)
    /// `/search TEXT`: find messages in this conversation.
    case search(text: String)
    /// `/clear`: clear the screen (the scrollback is kept).
    case clear
    /// `/quit`
    case quit
}

/// What the user typed at the prompt: a message to send, a command, or nothing.
public enum ReplInput: Hashable, Sendable {
    case message(String)
    case command(ReplCommand)
    case nothing
}

/// A command that could not be parsed: what was wrong, and the command's usage.
public struct CommandError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var usage: String

    public init(_ message: String, usage: String) {
        self.message = message
        self.usage = usage
    }

    public var description: String { "\(message) (usage: \(usage))" }
}
