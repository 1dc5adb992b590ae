import BanterChat
import BanterScenario

/// How the adapter opens what it debugs, supplied by the command line (which owns the
/// configuration, the limits and the database): a chat with a bot, or a scenario ready to run.
package struct DebugLauncher {
    /// Opens a conversation with the bot at the path.
    package var openChat: (String) throws -> ChatSession
    /// Loads the scenario at the path and opens its conversation.
    package var loadScenario: (String) throws -> ScenarioRunner

    package init(
        openChat: @escaping (String) throws -> ChatSession, loadScenario: @escaping (String) throws -> ScenarioRunner
    ) {
        self.openChat = openChat
        self.loadScenario = loadScenario
    }
}

/// What `banter debug` was told on its command line: the defaults of `launch`'s arguments.
package struct LaunchDefaults {
    package var bot: String?
    package var scenario: String?
    package var messages: [String]

    package init(bot: String? = nil, scenario: String? = nil, messages: [String] = []) {
        self.bot = bot
        self.scenario = scenario
        self.messages = messages
    }
}
