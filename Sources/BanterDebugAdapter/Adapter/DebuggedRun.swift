import BanterChat
import BanterScenario

/// What a `launch` opened: a chat, with the messages to send once configured, or a
/// scenario, run once configured.
enum DebuggedRun {
    case chat(ChatSession, messages: [String])
    case scenario(ScenarioRunner)

    var session: ChatSession {
        switch self {
        case .chat(let session, _): session
        case .scenario(let runner): runner.session
        }
    }
}
