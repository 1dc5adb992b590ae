import BanterChat
import BanterChatTestSupport
import BanterCore
import BanterStore
import Foundation
import Testing

/// Buttons, quick replies and cards through the bot API and picks through the session
/// (issue 27), against a real session on a virtual clock.
@Suite struct BotActionsTests {
    static let bot = """
        bot { name = "Pizza" }
        on("^menu", function(msg, chat)
          chat:reply("Size?", { quick_replies = { "Small", { label = "Large", payload = "size:large" } } })
        end)
        on("^confirm", function(msg, chat)
          chat:reply("Sure?", { buttons = { { label = "Yes", payload = "yes" }, "No",
            { label = "Site", url = "https://example.com" } } })
        end)
        on("^card", function(msg, chat)
          chat:reply(nil, { card = { title = "Pizza", subtitle = "8 €", buttons = { "Order" } }, final = true })
        end)
        on("^bad (%w+)", function(msg, chat, which)
          local options = {
            empty = { buttons = { "" } },
            many = { buttons = (function() local t = {} for i = 1, 50 do t[i] = "b" .. i end return t end)() },
            huge = { buttons = { { label = "x", payload = string.rep("p", 1024 * 1024) } } },
            kind = { buttons = "Yes" },
            key = { buttons = { { label = "x", colour = "red" } } },
            url = { buttons = { { label = "x", url = "not a url" } } },
            card = { card = { subtitle = "no title" } },
            final = { final = "yes" },
          }
          chat:reply("bad", options[which])
        end)
        on_button("^size:(%a+)$", function(payload, msg, chat, size)
          chat:reply("size " .. size .. " from " .. msg.button.kind .. " on #" .. msg.button.message .. ": " .. msg.text)
        end)
        on_button(function(payload, msg, chat) chat:reply("payload " .. payload) end)
        fallback(function(msg, chat)
          local b = msg.buttons
          chat:reply("text " .. msg.text .. (b and (" buttons " .. #b) or ""))
        end)
        """

    @Test func repliesCarryActionsThatAreStoredAndShownToTheBot() throws {
        let fixture = try SessionFixture(bot: Self.bot)
        try fixture.session.send("confirm")
        let sure = try #require(fixture.session.messages.last)
        #expect(
            sure.actions
                == MessageActions(buttons: [
                    ActionButton(label: "Yes", payload: "yes"), ActionButton(label: "No"),
                    ActionButton(label: "Site", url: "https://example.com"),
                ]))
        #expect(try fixture.store.message(id: sure.id)?.actions == sure.actions)
        try fixture.session.send("card")
        let card = try #require(fixture.session.messages.last)
        #expect(card.text.isEmpty && card.actions?.card?.title == "Pizza" && card.actions?.isFinal == true)
        // The link is drawn but not picked: it opens in the terminal and tells the bot nothing.
        #expect(fixture.session.choices(of: sure).map(\.button.label) == ["Yes", "No"])
    }

    @Test func aPickIsSentAsTheLabelAndTheBotGetsThePayload() throws {
        let fixture = try SessionFixture(bot: Self.bot)
        try fixture.session.send("menu")
        let menu = try #require(fixture.session.messages.last)
        fixture.clearEvents()
        try fixture.session.pick(.label("large"))
        #expect(fixture.takeAdded() == ["me: Large", "them: size large from quick reply on #\(menu.id): Large"])
        // The quick replies went with the pick: the message offers nothing now.
        #expect(fixture.session.choices(of: menu).isEmpty)
        #expect(throws: ChatError.self) { try fixture.session.pick(.label("Small"), on: menu) }
        do {
            try fixture.session.pick(.label("Small"), on: menu)
        } catch {
            #expect(error.description.contains("the quick replies of #\(menu.id) are gone"))
        }
        try fixture.session.send("confirm")
        try fixture.session.pick(.number(1))
        #expect(fixture.takeAdded().suffix(2) == ["me: Yes", "them: payload yes"])
        do {
            try fixture.session.pick(.label("Maybe"))
            Issue.record("a label not offered was picked")
        } catch {
            #expect(error.description.hasSuffix("offers no \"Maybe\": [1 Yes] [2 No]"))
        }
        // A megabyte payload asked for is named by its start, in one short line.
        do {
            try fixture.session.pick(.payload(String(repeating: "p", count: 1 << 20)))
            Issue.record("a payload not offered was picked")
        } catch {
            #expect(
                error.description.hasSuffix(
                    "offers no payload \"\(String(repeating: "p", count: 60))…\" (1048576 bytes): [1 Yes] [2 No]"))
            #expect(error.description.utf8.count < 200)
        }
    }

    @Test func aPickPublishesWhatWasPickedAfterTheMessage() throws {
        let fixture = try SessionFixture(bot: Self.bot)
        try fixture.session.send("confirm")
        fixture.clearEvents()
        let pick = try fixture.session.pick(.payload("yes"))
        let first = fixture.events.prefix(2)
        #expect(first.first == .messageAdded(pick))
        guard case .picked(let choice, _, let picked)? = first.last else {
            Issue.record("no .picked event: \(first)")
            return
        }
        #expect(choice.button.payload == "yes" && picked == pick)
    }

    @Test(
        "bad buttons fail with one clear line",
        arguments: [
            ("empty", "buttons[1]: a button needs a label"),
            ("many", "buttons: at most 12 buttons, not 50"),
            ("huge", "buttons[1]: a payload of at most 4096 bytes, not 1048576"),
            ("kind", "buttons must be a list like { \"Yes\", \"No\" }, got string"),
            ("key", "buttons[1]: unknown option 'colour' (known: label, payload, url)"),
            ("url", "buttons[1]: url must be an absolute URL (https://…)"),
            ("card", "card: a card needs a title (text), got nil"),
            ("final", "final must be true or false, got string"),
        ])
    func badInput(which: String, problem: String) throws {
        let fixture = try SessionFixture(bot: Self.bot)
        try fixture.session.send("bad \(which)")
        #expect(fixture.notices.count == 1)
        #expect(fixture.notices.first == "bot.lua:23: chat:reply: \(problem)", "\(fixture.notices)")
        #expect(try fixture.stored() == ["me: bad \(which)"])
    }

    @Test func aLabelWithEscapesIsStoredAsWrittenAndNeverReachesTheTerminalRaw() throws {
        let fixture = try SessionFixture(
            bot: """
                bot { name = "B" }
                fallback(function(msg, chat) chat:reply("pick", { buttons = { "\\27[2J\\27]0;pwned\\7Red" } }) end)
                """)
        try fixture.session.send("hi")
        let label = try #require(fixture.session.messages.last?.actions?.buttons.first?.label)
        #expect(label == "\u{1B}[2J\u{1B}]0;pwned\u{7}Red")
        #expect(Sanitizer.sanitize(label) == "␛[2J␛]0;pwned␇Red")
    }
}
