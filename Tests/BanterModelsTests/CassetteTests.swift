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

    @Test(arguments: [
        ("not json", "expected {\"request\": {…}, \"answer\": \"…\"}"),
        ("{\"request\":{},\"answer\":\"a\"}", "the request needs \"model\", a string"),
        (
            "{\"request\":{\"model\":\"m\",\"messages\":[{\"role\":\"robot\",\"content\":\"x\"}]},\"answer\":\"a\"}",
            "messages[1] must be {\"role\": \"user\", \"assistant\" or \"system\", \"content\": \"…\"}"
        ),
        (
            "{\"request\":{\"model\":\"m\",\"messages\":[],\"top_p\":1},\"answer\":\"a\"}",
            "the request has an unknown key \"top_p\""
        ),
        (
            "{\"request\":{\"model\":\"m\",\"messages\":[],\"max_tokens\":1.5},\"answer\":\"a\"}",
            "\"max_tokens\" must be a whole number"
        ),
        ("{\"request\":{\"model\":\"m\",\"messages\":[]}}", "an entry needs \"answer\" or \"error\""),
    ])
    func aBrokenLineIsNamedWithItsFileAndLine(line: String, message: String) throws {
        var good = Cassette()
        good.append(request("hi"), .success("Hello!"))
        let folder = try TemporaryFolder()
        let path = try folder.write("s.cassette.jsonl", good.text + line + "\n")
        #expect(throws: CassetteError.self) { try Cassette(contentsOf: path) }
        do {
            _ = try Cassette(contentsOf: path)
        } catch {
            #expect(error.description == "s.cassette.jsonl:2: \(message)")
        }
    }

    @Test func aRequestReadsBackAsTheSameValue() throws {
        let asked = request("héllo \"there\"\n/")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(asked.normalizedJSON.utf8)) as? [String: Any])
        #expect(try ModelRequest(jsonObject: object) == asked)
        let bare = ModelRequest(model: "m", messages: [], temperature: 1)
        let read = try #require(JSONSerialization.jsonObject(with: Data(bare.normalizedJSON.utf8)) as? [String: Any])
        #expect(try ModelRequest(jsonObject: read) == bare)
    }

    @Test func aCassetteThatCannotBeWrittenFailsTheRecordingCall() throws {
        let recorder = ModelClient(endpoints: [:], environment: [:], waitsForAnswers: true)
        let models = CassetteModels(scenarioPath: "/nonexistent-banter/greet.lua", recording: recorder)
        guard case .failure(let failure) = models.start(request("hi")).outcome else {
            Issue.record("the call was answered though its cassette could not be written")
            return
        }
        #expect(failure.kind == .unwritten)
        #expect(failure.failsScenario)
        #expect(
            failure.description
                == "not written: greet.cassette.jsonl: cannot write it: no such file or directory (the answer is lost; make the folder writable and record again)"
        )
    }

    @Test func aRecordedCallIsWrittenBeforeItsAnswerIsHandedOn() throws {
        let folder = try TemporaryFolder()
        let recorder = ModelClient(endpoints: [:], environment: [:], waitsForAnswers: true)
        let models = CassetteModels(scenarioPath: folder.file("greet.lua"), recording: recorder)
        let outcome = models.start(request("hi")).waitForOutcome()
        guard case .failure(let failure) = outcome else {
            Issue.record("an unconfigured model answered")
            return
        }
        #expect(failure.kind == .unknownModel)
        let written = try Cassette(contentsOf: folder.file("greet.cassette.jsonl"))
        #expect(written.entries.map(\.request) == [request("hi")])
        #expect(written.entries.map(\.outcome) == [outcome])
    }

    @Test func aChatsCassetteCanSkipTheCallsBeforeARecordingStarted() {
        let client = ModelClient(endpoints: [:], environment: [:], waitsForAnswers: false)
        #expect(client.answeredCount == 0 && client.cassetteText(skipping: 0) == nil)
        _ = client.start(request("before"))
        let mark = client.answeredCount
        #expect(mark == 1)
        #expect(client.cassetteText(skipping: mark) == nil)
        _ = client.start(request("after"))
        let text = client.cassetteText(skipping: mark) ?? ""
        #expect(text.contains("\"content\":\"after\"") && !text.contains("before"))
        #expect(text.split(separator: "\n").count == 1)
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
