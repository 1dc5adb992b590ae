import ArgumentParser
import BanterCore
import BanterStore
import Foundation

/// The options of the commands that read a stored conversation without chatting (`render`,
/// `export`): which database, which conversation, and the time zone headers are shown in.
struct StoredConversationOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The conversation (default: the most recently active one).", valueName: "name"),
        completion: .conversationTitles)
    var conversation: String?

    @Option(name: .long, help: ArgumentHelp(
        "The database (default: $BANTER_DB, else $XDG_DATA_HOME/banter/banter.sqlite).", valueName: "path"), completion: .file())
    var db: String?

    @Option(name: .long, help: ArgumentHelp("The time zone of headers (e.g. Europe/Paris).", valueName: "tz"))
    var timeZone: String?

    func validate() throws {
        if let timeZone, TimeZone(identifier: timeZone) == nil {
            throw ValidationError("unknown time zone \"\(timeZone)\": use a name like Europe/Paris or UTC")
        }
    }

    /// The time zone headers are formatted in: `--time-zone`, else the system's.
    var zone: TimeZone {
        timeZone.flatMap(TimeZone.init(identifier:)) ?? .current
    }

    /// Opens the database read-only (these commands never write: one connection, nothing
    /// written, so they start at once) and finds the conversation; errors are one line.
    func open() throws -> (ChatStore, Conversation) {
        let store = try ChatStore(
            path: db ?? ChatStore.defaultPath(environment: ProcessInfo.processInfo.environment), access: .readOnly)
        return (store, try find(in: store))
    }

    /// The conversation named by `--conversation`, else the most recently active one.
    private func find(in store: ChatStore) throws -> Conversation {
        if let conversation {
            guard let found = try store.conversation(titled: conversation) else {
                throw Diagnostics.Failure("there is no conversation named \"\(conversation)\" in \(store.path) (banter chat --conversation \(conversation) creates it)")
            }
            return found
        }
        guard let found = try store.mostRecentlyActiveConversation() else {
            throw Diagnostics.Failure("there are no conversations in \(store.path)")
        }
        return found
    }
}
