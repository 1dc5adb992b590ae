import ArgumentParser

/// The stand-in for `banter render` that the cold-start benchmark starts as a process.
struct RenderPageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-page",
        abstract: "Render the latest page of a conversation as plain text (stand-in for `banter render`)."
    )

    @Option(name: .customLong("db"), help: "The database file.")
    var databasePath: String

    @Option(help: "The conversation's title.")
    var conversation: String

    @Option(help: "Columns to render at.")
    var width = 80

    @Option(help: "Messages on the page.")
    var limit = 50

    func run() throws {
        try RenderPage.run(databasePath: databasePath, conversationTitle: conversation, width: width, limit: limit)
    }
}
