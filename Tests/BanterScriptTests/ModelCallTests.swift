import BanterCore
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScript

/// `chat:complete` and `chat:history_messages` in the runtime: the handler pauses for the
/// answer, on a virtual clock without time passing, in a live chat until a poll finds it.
@Suite struct ModelCallTests {
    /// Answers every request with `answer`, at once or when the test says (`pending`).
    final class ScriptedModels: ModelService, @unchecked Sendable {
        var requests: [ModelRequest] = []
        var answer: Result<String, ModelFailure> = .success("Hello from the model")
        /// Calls left unanswered, for the test to finish.
        var pending: [ModelCall] = []
        var holdsAnswers = false
        var waits = true

        func start(_ request: ModelRequest) -> ModelCall {
            requests.append(request)
            guard holdsAnswers else { return ModelCall(finished: answer) }
            let call = ModelCall(waitsForAnswer: waits)
            pending.append(call)
            return call
        }

        var answeredCount: Int { 0 }
        func cassetteText(skipping skipped: Int) -> String? { nil }
    }

    private static let persona = """
        bot { name = "Muse" }
        fallback(function(msg, chat)
          local text, err = chat:complete {
            model = "local", system = "Be kind.", messages = chat:history_messages(2), temperature = 0.5,
            max_tokens = 40,
          }
          chat:reply(text or err)
        end)
        """

    @Test func theAnswerComesBackAndTheHistoryBecomesMessages() throws {
        let host = TestHost()
        let models = ScriptedModels()
        host.models = models
        host.history = [
            host.message("first"), Message(id: 90, conversationID: 1, sender: .them, text: "Hi!", sentAt: host.now),
            host.message("how are you?"),
        ]
        let bot = try makeBot(Self.persona, host: host)
        host.say("how are you?", to: bot)
        #expect(host.replyTexts == ["Hello from the model"])
        #expect(
            models.requests == [
                ModelRequest(
                    model: "local", system: "Be kind.",
                    messages: [
                        ModelMessage(role: .assistant, content: "Hi!"),
                        ModelMessage(role: .user, content: "how are you?"),
                    ], temperature: 0.5, maxTokens: 40)
            ])
        #expect(host.failures.isEmpty)
    }

    @Test func aFailureIsNilAndItsReason() throws {
        let host = TestHost()
        let models = ScriptedModels()
        models.answer = .failure(ModelFailure(.rateLimited, "local answered 429"))
        host.models = models
        let bot = try makeBot(Self.persona, host: host)
        host.say("hi", to: bot)
        #expect(host.replyTexts == ["chat:complete: rate-limited: local answered 429"])
    }

    @Test func withoutModelsTheReasonSaysHowToConfigureOne() throws {
        let host = TestHost()
        let bot = try makeBot(Self.persona, host: host)
        host.say("hi", to: bot)
        #expect(
            host.replyTexts.first?.hasPrefix(
                "chat:complete: unknown model: no language models here: configure [models.local]") == true)
    }

    @Test func aRequestTheCassetteLacksIsAnErrorAtTheCall() throws {
        let host = TestHost()
        let models = ScriptedModels()
        models.answer = .failure(ModelFailure(.unrecorded, "s.cassette.jsonl has no answer for {}"))
        host.models = models
        let bot = try makeBot(Self.persona, host: host)
        host.say("hi", to: bot)
        #expect(host.replyTexts.isEmpty)
        #expect(host.failures.count == 1)
        #expect(
            host.failures.first?.hasPrefix(
                "bot.lua:3: chat:complete: not recorded: s.cassette.jsonl has no answer for {}")
                == true, "\(host.failures)")
    }

    @Test func onAVirtualClockTheRunWaitsForTheAnswerWithoutTimePassing() throws {
        let host = TestHost()
        let models = ScriptedModels()
        models.holdsAnswers = true
        host.models = models
        let bot = try makeBot(Self.persona, host: host)
        let answering = Thread {
            while models.pending.isEmpty { usleep(1000) }
            usleep(100_000)
            models.pending[0].finish(.success("Worth the wait"))
        }
        answering.start()
        let before = host.now
        host.say("hi", to: bot)
        #expect(host.replyTexts == ["Worth the wait"])
        #expect(host.now == before)
        #expect(bot.nextWakeTime == nil)
    }

    @Test func inALiveChatTheBotTypesUntilAPollFindsTheAnswer() throws {
        let host = TestHost()
        let models = ScriptedModels()
        models.holdsAnswers = true
        models.waits = false
        host.models = models
        let bot = try makeBot(Self.persona, host: host)
        host.say("hi", to: bot)
        #expect(host.replyTexts.isEmpty)
        #expect(host.typing.last??.millisecondsSince1970 == (host.now + .seconds(300)).millisecondsSince1970)
        #expect(bot.nextWakeTime == host.now + .milliseconds(50))
        models.pending[0].append("Str")
        #expect(bot.streamingText == "Str")
        bot.runDue(now: host.now)
        #expect(host.replyTexts.isEmpty)
        models.pending[0].finish(.success("Streamed"))
        bot.runDue(now: host.now)
        #expect(host.replyTexts == ["Streamed"])
        #expect(host.typing.last == .some(nil))
        #expect(bot.nextWakeTime == nil)
    }

    @Test(
        arguments: [
            ("chat:complete()", "chat:complete: expected a table"),
            ("chat:complete { model = 1 }", "chat:complete: 'model' must name a [models.NAME] section of config.toml"),
            ("chat:complete { model = \"m\", prompt = \"x\" }", "chat:complete: unknown option 'prompt'"),
            ("chat:complete { model = \"m\" }", "chat:complete: give 'messages'"),
            (
                "chat:complete { model = \"m\", messages = { { role = \"bot\", content = \"x\" } } }",
                "chat:complete: messages[1]: 'role' must be \"user\", \"assistant\" or \"system\", got \"bot\""
            ),
            (
                "chat:complete { model = \"m\", system = \"s\", temperature = 3 }",
                "chat:complete: 'temperature' must be a number from 0 to 2"
            ),
            ("chat:history_messages(0)", "chat:history_messages: the count must be a whole number from 1 to 1000"),
        ])
    func badOptionsAreErrorsNamingTheOption(call: String, message: String) throws {
        let host = TestHost()
        host.models = ScriptedModels()
        let bot = try makeBot("bot { name = \"B\" }\nfallback(function(msg, chat) \(call) end)", host: host)
        host.say("hi", to: bot)
        #expect(host.failures.count == 1)
        #expect(host.failures.first?.contains(message) == true, "\(host.failures)")
    }
}
