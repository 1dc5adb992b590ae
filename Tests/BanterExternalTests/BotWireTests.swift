import BanterCore
import BanterScript
import Testing

@testable import BanterExternal

/// The JSON Lines a program bot reads and writes (docs/external-bots.md): events written
/// byte for byte the same every run, actions read with an error that names what is wrong.
@Suite struct BotWireTests {
    let message = Message(
        id: 3, conversationID: 1, sender: .me, text: "say \"hi\"\n", sentAt: Timestamp(millisecondsSince1970: 5000))

    @Test func eventsAreOneLineWithSortedKeys() {
        #expect(
            BotEvent.message(message).line(now: Timestamp(millisecondsSince1970: 7000))
                == #"{"message":{"from":"me","id":3,"sent_at":5000,"text":"say \"hi\"\n"},"now":7000,"type":"message"}"#
        )
        let opened = BotEvent.opened(firstTime: true, memory: ["name": #""Ada""#, "count": "2"])
        #expect(
            opened.line(now: Timestamp(millisecondsSince1970: 0))
                == #"{"first_time":true,"memory":{"count":2,"name":"Ada"},"now":0,"type":"opened"}"#)
        #expect(
            BotEvent.timer(name: "nudge", data: #"{"n":1}"#).line(now: Timestamp(millisecondsSince1970: 9))
                == #"{"data":{"n":1},"name":"nudge","now":9,"type":"timer"}"#)
    }

    @Test func actionsAreRead() throws {
        #expect(
            try BotAction(line: #"{"type":"reply","text":"hi","after_ms":1500,"typing":true}"#)
                == .reply(BotReply(text: "hi"), after: .milliseconds(1500), typing: .automatic))
        #expect(
            try BotAction(line: #"{"type":"reply","text":"pick","actions":{"buttons":[{"label":"A"}]}}"#)
                == .reply(
                    BotReply(text: "pick", actions: MessageActions(buttons: [ActionButton(label: "A")])), after: .zero,
                    typing: .none))
        #expect(try BotAction(line: #"{"type":"typing","ms":0}"#) == .typing(.zero))
        #expect(try BotAction(line: #"{"type":"status","status":"read"}"#) == .status(.read))
        #expect(
            try BotAction(line: #"{"type":"remember","key":"k","value":{"b":[1,2],"a":null}}"#)
                == .remember(key: "k", json: #"{"a":null,"b":[1,2]}"#))
        #expect(try BotAction(line: #"{"type":"remember","key":"k","value":null}"#) == .remember(key: "k", json: nil))
        #expect(
            try BotAction(line: #"{"type":"timer","name":"t","after_ms":60000}"#)
                == .timer(name: "t", after: .seconds(60), data: "null"))
        #expect(try BotAction(line: #"{"type":"done"}"#) == .done)
    }

    @Test(arguments: [
        (#"hello"#, "a line that is not a JSON object: 'hello'"),
        (#"[1]"#, "a line that is not a JSON object: '[1]'"),
        (#"{"type":"reply"}"#, "an action Banter cannot use (reply needs \"text\" as a string)"),
        (#"{"type":"reply","text":"x","colour":1}"#, "(reply: unknown field 'colour' (it takes text, after_ms"),
        (#"{"type":"reply","text":"x","after_ms":-5}"#, "\"after_ms\" must be a number of milliseconds from 0"),
        (#"{"type":"status","status":"seen"}"#, "status must be \"delivered\" or \"read\", not 'seen'"),
        (#"{"text":"x"}"#, "it has no \"type\""),
        (#"{"type":"reply","text":"x","actions":{"buttons":[]}}"#, "reply: actions need buttons"),
    ])
    func badLinesSayWhatIsWrong(line: String, expected: String) {
        #expect {
            try BotAction(line: line)
        } throws: { error in
            (error as? BotWire.Problem)?.reason.contains(expected) == true
        }
    }

    @Test func excerptsAreShortAndShowControls() {
        #expect(BotWire.excerpt("a\u{1B}[31mb") == "'a␛[31mb'")
        #expect(BotWire.excerpt(String(repeating: "x", count: 100)) == "'" + String(repeating: "x", count: 60) + "…'")
    }
}
