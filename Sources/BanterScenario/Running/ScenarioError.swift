import BanterChat
import BanterLua
import BanterScript
import BanterStore

/// Why a scenario could not run (as opposed to an expectation failing): the script or its
/// bot did not load, a step was refused, or the database failed.
package enum ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The scenario script failed to load, or one of its predicates raised an error.
    case script(ScriptError)
    /// The scenario's bot failed to load.
    case bot(ScriptError)
    /// The database already has a conversation with the scenario's title.
    case conversationExists(title: String)
    /// A step the session refused (a message too long, a store failure while sending).
    case step(SourceLocation, String)
    /// The database failed outside a step.
    case store(String)

    package var description: String {
        switch self {
        case .script(let error):
            error.description
        case .bot(let error):
            "the bot did not load: \(error)"
        case .conversationExists(let title):
            "the database already has a conversation named \"\(title)\": give the scenario another title = \"…\" or use another database"
        case .step(let location, let message):
            "\(location): \(message)"
        case .store(let message):
            message
        }
    }
}
