import BanterCore
import Foundation

/// What a bot script declares about itself, read once it has loaded: a plain value the
/// session and the terminal use without touching Lua.
package struct BotDefinition: Hashable, Sendable {
    package var name: String
    /// The match line shown (as a system message) when the conversation opens for the first time.
    var greeting: String?
    /// One grapheme for the avatar; defaults to the name's first character.
    package var initial: String
    /// "#RRGGBB", or nil for the theme's colour.
    package var color: String?
    /// How fast the bot "types": derived typing indicators last characters / this many seconds.
    var typingCharactersPerSecond: Double
    /// The conversation's grouping rules when the script sets them.
    package var grouping: GroupingRules?
    var seeds: [SeedMessage]
    /// The script file the bot was loaded from.
    package var sourcePath: String
    /// How likely the bot is to answer a message that does not mention it in a group under
    /// the `natural` turn policy, 0 to 1.
    package var talkativeness = BotDefinition.defaultTalkativeness

    static let defaultTalkativeness = 0.5

    static let defaultTypingCharactersPerSecond = 14.0

    /// Filled from what `bot { … }` declared; without an initial the avatar takes the name's
    /// first character ("?" for an empty name), so the avatar always has one.
    package init(
        name: String, greeting: String? = nil, initial: String? = nil, color: String? = nil,
        typingCharactersPerSecond: Double = BotDefinition.defaultTypingCharactersPerSecond,
        grouping: GroupingRules? = nil, seeds: [SeedMessage] = [], sourcePath: String
    ) {
        self.name = name
        self.greeting = greeting
        self.initial = initial ?? name.first.map { String($0) } ?? "?"
        self.color = color
        self.typingCharactersPerSecond = typingCharactersPerSecond
        self.grouping = grouping
        self.seeds = seeds
        self.sourcePath = sourcePath
    }

    /// The other side of the conversation as the user sees it.
    package var participant: Participant {
        Participant(name: name, initial: initial, color: color)
    }

    /// What to store, in this order, when a conversation with this bot is created — and only
    /// then, so restarts never duplicate them: the seeds at their resolved times, then the
    /// greeting as a system line at `now`.
    package func openingMessages(now: Timestamp, timeZone: TimeZone = .current) -> [OpeningMessage] {
        var messages = seeds.map {
            OpeningMessage(sender: $0.sender, text: $0.text, sentAt: $0.timestamp(now: now, timeZone: timeZone))
        }
        if let greeting {
            messages.append(OpeningMessage(sender: .system, text: greeting, sentAt: now))
        }
        return messages
    }

    /// How long the typing indicator shows before a reply of `text`, from the typing speed
    /// (at least half a second, at most eight).
    package func typingDuration(for text: String) -> Duration {
        BotDefinition.typingDuration(for: text, charactersPerSecond: typingCharactersPerSecond)
    }

    static func typingDuration(for text: String, charactersPerSecond: Double) -> Duration {
        let seconds = Double(text.count) / max(charactersPerSecond, 0.1)
        return .milliseconds(Int64((min(max(seconds, 0.5), 8) * 1000).rounded()))
    }
}
