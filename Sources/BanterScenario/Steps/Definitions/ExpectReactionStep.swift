import BanterChat
import BanterCore
import BanterLua
import BanterScript

/// `expect_reaction "❤️"`, `expect_reaction("👍", { to = -2, within = "5m" })`: the bot
/// reacts with this emoji to the user's `target`-th newest message, waiting for it through
/// the bot's scheduled work.
struct ExpectReactionStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "expect_reaction",
        [
            APIParameter("emoji", "string"),
            APIParameter("options", "ExpectReactionOptions", optional: true, options: "ExpectReactionOptions"),
        ],
        doc: "The bot reacts with this emoji to your newest message (or { to = -N }), within a minute (or within).")

    static let optionTables = [
        APIClass(
            "ExpectReactionOptions", doc: "Options of `expect_reaction(emoji, options)`.",
            fields: [
                APIField("to", "integer", doc: "Your N-th newest message (-1, the default, is the newest)."),
                ScenarioOptionTables.within,
            ])
    ]

    var emoji: String
    var target: Int
    var within: Duration

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectReactionStep {
        let name = "expect_reaction"
        let emoji = try LuaArguments.text(call.arguments, name, example: "expect_reaction \"👍\"")
        guard Reaction.isValidEmoji(emoji) else {
            throw LuaCallError("\(name): \"\(emoji)\" is not one emoji (e.g. \"👍\")")
        }
        var step = ExpectReactionStep(emoji: emoji, target: 1, within: ScenarioScript.defaultReplyTimeout)
        if !call[1].isNil {
            let options = try LuaArguments.table(call[1], "\(name): options", example: "{ to = -2, within = \"5m\" }")
            try LuaArguments.checkKeys(options, name, known: optionTables[0].fieldNames)
            if !options["to"].isNil { step.target = try ScenarioStepCall.target(options["to"], "\(name): to") }
            if !options["within"].isNil {
                step.within = try LuaArguments.duration(options["within"], "\(name): within")
            }
        }
        return step
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        let session = runner.session
        let message: Message
        do {
            // Your own messages, newest first: the ones `.edit` counts.
            message = try session.resolve(.newestBut(target), for: .edit)
        } catch {
            runner.fail(
                location,
                "expected reaction \(emoji) on your message -\(target), but you have not sent that many messages")
            return
        }
        func reacted() -> Message? {
            session.messages.last { $0.id == message.id }
        }
        let hasIt = { reacted()?.reactions.contains { $0.sender == .them && $0.emoji == emoji } ?? false }
        session.advance(to: runner.clock.now + within) { hasIt() }
        guard !hasIt() else { return }
        let others = (reacted()?.reactions ?? []).filter { $0.sender == .them }.map(\.emoji)
        let got = others.isEmpty ? "no reaction" : others.joined(separator: " ")
        runner.fail(
            location,
            "expected reaction \(emoji) on \(ScenarioText.quoted(message.text)) within \(DurationParser.format(within)), got \(got)"
        )
    }
}
