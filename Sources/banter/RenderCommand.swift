import ArgumentParser

/// `banter render`: prints a stored conversation as the REPL would, for piping. Reads only
/// the newest page(s) it needs, so it starts at once on any size of conversation.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Print a stored conversation as the chat shows it.",
        discussion: """
            Prints --conversation, else the most recently active conversation. By default \
            prints the newest messages that fill a screen (the terminal's height, \
            else $LINES, else 24 rows); --limit N prints the newest N messages, --all the \
            whole conversation, page by page. Plain text when piped unless --color.
            """
    )

    @Option(name: .long, help: ArgumentHelp("Print the newest N messages.", valueName: "n"))
    var limit: Int?

    @Flag(name: .long, help: "Print the whole conversation.")
    var all = false

    @OptionGroup var stored: StoredConversationOptions

    @OptionGroup var transcript: TranscriptOptions

    @OptionGroup var config: ConfigOption

    @OptionGroup var paging: PageSizeOption

    func validate() throws {
        try Self.validate(limit: limit, all: all)
    }

    static func validate(limit: Int?, all: Bool) throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1, got \(limit)") }
        if limit != nil && all { throw ValidationError("--limit and --all cannot be combined") }
    }

    /// The options as plain values (what `RenderArguments.read` makes without the parser).
    var arguments: RenderArguments {
        RenderArguments(
            limit: limit, all: all, conversation: stored.conversation.conversation, db: stored.database.db,
            timeZone: stored.timeZone.timeZone, width: transcript.width, color: transcript.color,
            border: transcript.bubbles.border, widthModel: transcript.bubbles.widthModel,
            theme: transcript.theme.theme, config: config.config, pageSize: paging.pageSize)
    }

    func run() throws {
        try arguments.run()
    }
}
