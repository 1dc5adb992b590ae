/// A command's name, usage and one-line summary: the source of `/help`, error usages and
/// tab completion.
public struct ReplCommandSpec: Hashable, Sendable {
    public var name: String
    public var usage: String
    public var summary: String

    /// Every command, in the order `/help` lists them.
    public static let all: [ReplCommandSpec] = [
        ReplCommandSpec(name: "help", usage: "/help [COMMAND]", summary: "list the commands, or explain one"),
        ReplCommandSpec(name: "bot", usage: "/bot FILE", summary: "load a bot script into this conversation"),
        ReplCommandSpec(name: "reload", usage: "/reload", summary: "load the bot's script again (its memory stays)"),
        ReplCommandSpec(name: "chats", usage: "/chats", summary: "list conversations with their last message and unread count"),
        ReplCommandSpec(name: "open", usage: "/open NAME", summary: "open an existing conversation"),
        ReplCommandSpec(name: "new", usage: "/new NAME", summary: "start a conversation (with the current bot)"),
        ReplCommandSpec(name: "more", usage: "/more", summary: "show the previous page of messages (also PageUp)"),
        ReplCommandSpec(
            name: "grouping", usage: "/grouping [section=1h] [cluster=20s] [header=\"{day} {time}\"] [reset]",
            summary: "show or change how messages are grouped"),
        ReplCommandSpec(name: "as", usage: "/as them TEXT", summary: "add a message from the other side (/as me with --as them)"),
        ReplCommandSpec(name: "wait", usage: "/wait DURATION", summary: "move this conversation's clock forward (e.g. 20s, 2h)"),
        ReplCommandSpec(name: "search", usage: "/search TEXT", summary: "find messages in this conversation"),
        ReplCommandSpec(name: "clear", usage: "/clear", summary: "clear the screen (the scrollback stays)"),
        ReplCommandSpec(name: "quit", usage: "/quit", summary: "leave (Ctrl-D on an empty line too)"),
    ]

    /// The command called `name` (without the slash); "exit" is another name for "quit".
    public static func named(_ name: String) -> ReplCommandSpec? {
        all.first { $0.name == (name == "exit" ? "quit" : name) }
    }

    /// `/help`: one line per command, usages aligned.
    public static func helpLines() -> [String] {
        let names = all.map { "/" + $0.name }
        let width = names.map(\.count).max() ?? 0
        return all.map { spec in
            let name = "/" + spec.name
            return name + String(repeating: " ", count: width - name.count + 2) + spec.summary
        } + [
            "Type text and press Enter to send it; start with // to send text beginning with /.",
            "PageUp loads older messages, Tab completes, Ctrl-C clears the line, Ctrl-D quits.",
        ]
    }
}
