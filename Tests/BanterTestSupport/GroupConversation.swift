import BanterCore

/// A group chat as the terminal and the exports draw it: two bots (one with a declared colour), a person
/// the user speaks for, a participant with a two-column initial, one the group has no record
/// of (an imported chat's) and one who left; clusters that break on a sender change within
/// the cluster gap, an emoji-only message, reactions and a reply that wraps.
package enum GroupConversation {
    package static let participants = [
        Participant(name: "Quizzy", initial: "Q", kind: .bot, scriptPath: "/bots/quiz.lua"),
        Participant(name: "Host", color: "#FF8800", kind: .bot, scriptPath: "/bots/host.lua"),
        Participant(name: "Bob", kind: .person),
        Participant(name: "美咲", kind: .person),
        Participant(name: "Ann", kind: .person, hasLeft: true),
    ]

    private static func from(_ name: String) -> Sender { Sender(.them, participant: name) }

    package static let messages: [Message] = {
        let entries: [ReferenceDay.Entry] = [
            (.system, "Quizzy joined the group", ReferenceDay.at(dayOffset: 0, 18, 0), .sent),
            (.me, "Who is up for a quiz?", ReferenceDay.at(dayOffset: 0, 18, 1), .read),
            (
                from("Host"), "Welcome everyone! Quizzy asks, I keep the score.",
                ReferenceDay.at(dayOffset: 0, 18, 1, 5), .sent
            ),
            (from("Quizzy"), "Question 1:", ReferenceDay.at(dayOffset: 0, 18, 1, 8), .sent),
            (
                from("Quizzy"), "What is the capital of Australia? Take your time, there is no clock running.",
                ReferenceDay.at(dayOffset: 0, 18, 1, 12), .sent
            ),
            (from("Bob"), "Sydney!", ReferenceDay.at(dayOffset: 0, 18, 1, 20), .sent),
            (from("美咲"), "Canberra 🇦🇺", ReferenceDay.at(dayOffset: 0, 18, 1, 25), .sent),
            (from("Quizzy"), "🎉", ReferenceDay.at(dayOffset: 0, 18, 1, 30), .sent),
            (.me, "Nice one", ReferenceDay.at(dayOffset: 0, 18, 2), .delivered),
            (from("Ann"), "I have to go, bye", ReferenceDay.at(dayOffset: 0, 18, 3), .sent),
            (from("Zoë"), "Hi from an imported chat", ReferenceDay.at(dayOffset: 0, 18, 3, 5), .sent),
            (.system, "Ann left the group", ReferenceDay.at(dayOffset: 0, 18, 4), .sent),
        ]
        var messages = ReferenceDay.messages(entries, conversationID: 1)
        messages[6].reactions = [Reaction(emoji: "👍", sender: .me, reactedAt: ReferenceDay.at(dayOffset: 0, 18, 2))]
        return messages
    }()

    package static var items: LayoutItems { Layout.items(for: messages, rules: GroupingRules()) }
}
