import BanterCore
import BanterLua
import BanterScript
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExternal

/// Bots behind an HTTP endpoint, against real servers on loopback (Python, standard library):
/// the example Parrot in Banter's event format and on a Rasa-shaped REST channel, and a
/// server that misbehaves on request. Each answer is waited for, so the clock runs as with
/// a program bot; each fault is one line, and the next message is posted again.
@Suite(.serialized) struct HTTPBotTests {
    static let parrot = Repository.url("examples/bots/parrot_server.py").path

    private func message(_ id: Int64, _ text: String, at host: RecordingHost) -> Message {
        Message(id: id, conversationID: 1, sender: .me, text: text, sentAt: host.now)
    }

    /// Runs the bot's work until nothing waits on the clock.
    private func settle(_ bot: ExternalBot, _ host: RecordingHost) {
        while let wake = bot.nextWakeTime {
            host.now = wake
            bot.runDue(now: wake)
        }
    }

    @Test func theEventFormatCarriesTheWholeProtocol() throws {
        let server = try LoopbackServer(script: Self.parrot)
        let host = RecordingHost()
        let bot = try ExternalBot(scriptPath: server.url("/banter"), host: host)
        #expect(bot.definition.name == "127.0.0.1")
        #expect(bot.sourceFiles.isEmpty)
        bot.conversationOpened(firstTime: true)
        settle(bot, host)
        #expect(host.log.contains { $0.hasPrefix("reply Hi! I'm Parrot, over HTTP") })
        host.log = []
        bot.received(message(1, "my name is Ada", at: host))
        settle(bot, host)
        #expect(host.memory == ["name": "\"Ada\""])
        bot.received(message(2, "remind me", at: host))
        let asked = host.now.millisecondsSince1970
        settle(bot, host)
        #expect(host.log.last == "reply SQUAWK! 60 seconds have passed. at \(asked + 800 + 61_000)")
        bot.received(message(3, "colours?", at: host))
        #expect(host.log.last?.hasSuffix("[\"Green\", \"Red\"]") == true)
        bot.pressed(
            ActionChoice(number: 1, kind: .button, button: ActionButton(label: "Green", payload: "green")), on: 4,
            message: message(5, "Green", at: host))
        #expect(host.log.last?.hasPrefix("reply green is a fine feather colour.") == true)
        #expect(host.failures.isEmpty)
    }

    @Test func theRasaPresetPostsSenderAndMessageAndDrawsButtonsAndImages() throws {
        let server = try LoopbackServer(script: Self.parrot)
        let host = RecordingHost()
        let bot = try ExternalBot(scriptPath: server.url("/webhooks/rest/webhook"), host: host)
        #expect(bot.definition.name == "Rasa")
        bot.conversationOpened(firstTime: true)
        #expect(host.log.isEmpty)
        bot.received(message(1, "hello", at: host))
        #expect(host.log == ["reply Hi! I'm Parrot on Rasa's REST channel. Pick a colour: at 0 [\"Green\", \"Red\"]"])
        bot.pressed(
            ActionChoice(
                number: 2, kind: .button, button: ActionButton(label: "Red", payload: "/colour{\"colour\": \"red\"}")),
            on: 2, message: message(3, "Red", at: host))
        // Rasa keeps the name by sender: the same bot is the same sender.
        bot.received(message(4, "my name is Ada", at: host))
        bot.received(message(5, "crackers", at: host))
        #expect(
            Array(host.log.dropFirst()) == [
                "reply red is a fine feather colour. at 0", "reply https://example.com/red.png at 0",
                "reply Nice to meet you, Ada! at 0", "reply crackers! crackers! squawk, Ada at 0",
            ])
        // Another start is another sender, so another conversation to Rasa.
        let again = try ExternalBot(scriptPath: server.url("/webhooks/rest/webhook"), host: host)
        again.received(message(6, "crackers", at: host))
        #expect(host.log.last == "reply crackers! crackers! at 0")
        #expect(host.failures.isEmpty)
    }

    /// Down, slow, an error status, garbage, a dropped connection, a flood, an unknown
    /// action: one line each, and the bot is asked again at the next message.
    @Test func eachFaultIsOneLineAndTheNextMessageTriesAgain() throws {
        let folder = try TemporaryFolder()
        let server = try LoopbackServer(script: try folder.write("faulty.py", HTTPBotFixtures.faultyServer))
        let cases: [(url: String, format: String, expected: String)] = [
            (
                "http://127.0.0.1:1/", "events",
                "did not answer a message: the connection was refused (is its server running on 127.0.0.1:1?)"
            ),
            (server.url("/slow"), "events", "did not answer a message: no answer within 1s"),
            (server.url("/error"), "events", "answered a message with HTTP 500 Internal Server Error: 'boom'"),
            (
                server.url("/garbage"), "events",
                "answered a message with a line that is not a JSON object: 'hello there'"
            ),
            (
                server.url("/close"), "events",
                "did not answer a message: the server closed the connection without answering"
            ),
            (server.url("/flood"), "events", "did not answer a message: it flooded its answer (more than 4 MiB)"),
            (
                server.url("/bad-action"), "events",
                "answered a message with an action Banter cannot use (the type 'dance' is unknown"
            ),
            (
                server.url("/not-a-list"), "rasa",
                "answered a message with an answer that is not a JSON list of messages: '{\"text\": \"hi\"}'"
            ),
        ]
        for (url, format, expected) in cases {
            let bot = try folder.write("bot.toml", "url = \"\(url)\"\nformat = \"\(format)\"\ntimeout = \"1s\"\n")
            let host = RecordingHost()
            let started = ContinuousClock.now
            let external = try ExternalBot(scriptPath: bot, host: host)
            external.received(message(1, "hi", at: host))
            #expect(ContinuousClock.now - started < .seconds(4), "\(url)")
            #expect(host.failures.count == 1, "\(url)")
            let line = host.failures.first?.description ?? ""
            #expect(line.contains("bot.toml " + expected), "\(url): \(line)")
            #expect(line.hasSuffix("; the next message is sent to it again"), "\(line)")
            external.received(message(2, "again", at: host))
            #expect(host.failures.count == 2, "\(url): a second message is posted again")
        }
    }

    @Test func aRasaAnswerThatIsNotAListIsOneLine() throws {
        var log: [String] = []
        #expect(throws: BotWire.Problem.self) { try RasaMessage.actions(from: "{\"text\": \"hi\"}", log: &log) }
        do {
            _ = try RasaMessage.actions(from: "[{\"text\": 3}]", log: &log)
            Issue.record("a number as text was taken")
        } catch {
            #expect(error.reason == "a message whose \"text\" is not a string: '{\"text\":3}'")
        }
        let actions = try RasaMessage.actions(
            from: "[{\"recipient_id\": \"x\", \"custom\": {\"map\": 1}}, {\"recipient_id\": \"x\"}]", log: &log)
        #expect(actions.isEmpty)
        #expect(
            log == [
                "Rasa sent a custom payload, which Banter does not draw: {\"map\":1}",
                "Rasa sent a message with nothing Banter draws: {\"recipient_id\":\"x\"}",
            ])
    }

    @Test(arguments: [
        ("http://127.0.0.1:5005/webhooks/rest/webhook", HTTPBotFormat.rasa),
        ("http://127.0.0.1:5005/webhooks/myio/webhook", .rasa),
        ("http://127.0.0.1:5005/banter", .events),
        ("https://bots.example.com/webhook", .events),
    ])
    func theFormatIsGuessedFromTheAddress(url: String, format: HTTPBotFormat) {
        #expect(HTTPBotFormat.guess(for: URL(string: url)!) == format)
    }

    @Test(arguments: [
        ("url = \"ftp://example.com/bot\"\n", "'ftp://example.com/bot' is not an HTTP bot's address"),
        (
            "url = \"http://127.0.0.1:1/\"\nformat = \"botium\"\n",
            "\"format\" must be \"events\" or \"rasa\", not 'botium'"
        ),
        ("url = \"http://127.0.0.1:1/\"\ncommand = [\"bot.py\"]\n", "names \"command\" (a program) or \"url\""),
        ("command = [\"bot.py\"]\nformat = \"rasa\"\n", "\"format\" is for a bot behind a URL"),
    ])
    func aBadBotFileIsOneClearError(contents: String, expected: String) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bot.toml", contents)
        do {
            _ = try BotCommand.read(path)
            Issue.record("\(contents) was taken")
        } catch {
            #expect(error.description.contains(expected), "\(error)")
        }
    }
}
