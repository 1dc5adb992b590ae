import BanterCore
import BanterLua
import BanterScript

/// `expect_card { title = "Margherita", buttons = { "Order", "Other pizzas" } }`: the bot's
/// next reply not yet checked carries a card with these keys (waiting up to `within`).
/// The same check as `expect_reply { card = { … } }`, for a reply whose text does not matter.
struct ExpectCardStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "expect_card",
        [APIParameter("card", "ExpectCard", options: "ExpectCard", doc: "The card's title, subtitle, image, buttons.")],
        doc:
            "The bot's next unchecked reply must carry a card with these keys (waiting up to a minute of virtual time)."
    )

    static let optionTables = [ActionsExpectation.cardTable]

    var card: ActionsExpectation.Card
    var within: Duration

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectCardStep {
        let name = "expect_card"
        let options = try LuaArguments.table(call[0], name, example: "expect_card { title = \"Margherita\" }")
        var step = ExpectCardStep(
            card: try ActionsExpectation.card(options, name), within: ScenarioScript.defaultReplyTimeout)
        if !options["within"].isNil { step.within = try LuaArguments.duration(options["within"], "\(name): within") }
        return step
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        let expectation = ActionsExpectation(card: card)
        guard let reply = runner.next(from: \.unreadReplies, deadline: runner.clock.now + within) else {
            runner.fail(
                location, "expected a reply \(expectation) within \(DurationParser.format(within)), got no reply")
            return
        }
        if !expectation.accepts(reply.actions) {
            runner.fail(location, "expected a reply \(expectation), got \(ScenarioRunner.describeReply(reply))")
        }
    }
}
