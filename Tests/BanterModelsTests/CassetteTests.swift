import BanterCore
import BanterModels
import BanterScript
import BanterTestSupport
import Foundation
import Testing

/// Cassettes: the file's form, replaying, and a call the cassette lacks (recording against
/// the fixture server is EndToEndTests' LanguageModelTests).
@Suite(.serialized)
struct CassetteTests {
    private func request(_ text: String, model: String = "fixture") -> ModelRequest {
        ModelRequest(
            model: model, system: "Be brief.", messages: [ModelMessage(role: .user, content: text)], temperature: 0.2,
            maxTokens: 50)
    }

    @Test func theFileIsOneNormalisedRequestAndItsAnswerALine() throws {
        var cassette = Cassette()
        cassette.append(request("hi"), .success("Hello!"))
        cassette.append(request("x"), .failure(ModelFailure(.timeout, "no answer")))
        #expect(
            cassette.text == """
                {"request":{"max_tokens":50,"messages":[{"content":"hi","role":"user"}],"model":"fixture","system":"Be brief.","temperature":0.2},"answer":"Hello!"}
                {"request":{"max_tokens":50,"messages":[{"content":"x","role":"user"}],"model":"fixture","system":"Be brief.","temperature":0.2},"error":"timeout: no answer"}

                """)
        let folder = try TemporaryFolder()
        let path = try folder.write("s.cassette.jsonl", cassette.text)
        let read = try Cassette(contentsOf: path)
        #expect(read.entries.map(\.request) == cassette.entries.map(\.request))
        #expect(read.entries.map(\.outcome) == cassette.entries.map(\.outcome))
    }

    @Test func theNthCallWithARequestGetsTheNthAnswerRecordedForIt() throws {
        var cassette = Cassette()
        cassette.append(request("hi"), .success("one"))
        cassette.append(request("other"), .failure(ModelFailure(.rateLimited, "slow down")))
        cassette.append(request("hi"), .success("two"))
        let folder = try TemporaryFolder()
        _ = try folder.write("date.cassette.jsonl", cassette.text)
        let models = CassetteModels(scenarioPath: folder.file("date.lua"))
        #expect(models.start(request("hi")).outcome == .success("one"))
        #expect(models.start(request("other")).outcome == .failure(ModelFailure(.rateLimited, "slow down")))
        #expect(models.start(request("hi")).outcome == .success("two"))
        guard case .failure(let missing) = models.start(request("hi")).outcome else {
            Issue.record("a third \"hi\" was answered though two were recorded")
            return
        }
        #expect(missing.kind == .unrecorded)
        #expect(missing.description.contains(request("hi").normalizedJSON))
        #expect(missing.description.hasSuffix("record it with `banter test --record date.lua`"))
    }

    @Test func aBrokenLineIsNamedWithItsFileAndLine() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("s.cassette.jsonl", "{\"request\":{},\"answer\":\"a\"}\nnot json\n")
        #expect(throws: CassetteError.self) { try Cassette(contentsOf: path) }
        do {
            _ = try Cassette(contentsOf: path)
        } catch {
            #expect(error.description == "s.cassette.jsonl:2: expected {\"request\": {…}, \"answer\": \"…\"}")
        }
    }

    @Test func withoutACassetteTheCallFailsTheScenarioSayingHowToRecord() throws {
        let folder = try TemporaryFolder()
        let models = CassetteModels(scenarioPath: folder.file("greet.lua"))
        guard case .failure(let failure) = models.start(request("hi")).outcome else {
            Issue.record("answered without a cassette")
            return
        }
        #expect(failure.kind == .unrecorded)
        #expect(failure.description.hasPrefix("not recorded: no cassette greet.cassette.jsonl for this model call {"))
        #expect(failure.description.hasSuffix("record it with `banter test --record greet.lua`"))
    }
}
