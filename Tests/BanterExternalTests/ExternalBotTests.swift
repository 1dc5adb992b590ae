import BanterCore
import BanterLua
import BanterScript
import BanterTestSupport
import Foundation
import Testing

@testable import BanterExternal

/// A program bot on a virtual clock: its actions are put on the clock in order (a reply's
/// wait and typing, a timer that comes back as an event), and its memory is stored.
@Suite struct ExternalBotSchedulingTests {
    /// A shell bot: a message gets a delayed, typed reply and a timer; the timer a reply.
    static let program = """
        #!/bin/sh
        while read -r line; do
          case "$line" in
            *'"type":"message"'*)
              echo '{"type":"remember","key":"seen","value":true}'
              echo '{"type":"reply","text":"pong","after_ms":2000,"typing_ms":1000}'
              echo '{"type":"timer","name":"t","after_ms":5000}' ;;
            *'"type":"timer"'*)
              echo '{"type":"reply","text":"tick"}' ;;
          esac
          echo '{"type":"done"}'
        done
        """

    @Test func actionsRunInOrderOnTheClock() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("pinger", Self.program)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        let host = RecordingHost()
        let bot = try ExternalBot(scriptPath: path, host: host)
        #expect(bot.definition.name == "pinger")
        bot.conversationOpened(firstTime: true)
        bot.received(Message(id: 1, conversationID: 1, sender: .me, text: "ping", sentAt: host.now))
        #expect(host.memory == ["seen": "true"])
        #expect(host.log.isEmpty)
        var times: [Int64] = []
        while let wake = bot.nextWakeTime {
            host.now = wake
            times.append(wake.millisecondsSince1970)
            bot.runDue(now: wake)
        }
        #expect(times == [2000, 3000, 8000])
        #expect(host.log == ["typing until 3000", "typing stopped", "reply pong at 3000", "reply tick at 8000"])
        #expect(host.failures.isEmpty)
    }
}

/// A host that keeps what the bot did, in order.
final class RecordingHost: BotHost {
    var now = Timestamp(millisecondsSince1970: 0)
    var log: [String] = []
    var memory: [String: String] = [:]
    var failures: [ScriptError] = []
    /// What the bot wrote to its log (`/trace`).
    var logged: [String] = []
    private var nextID: Int64 = 10

    func botReplied(_ reply: BotReply) throws -> Message {
        let buttons = (reply.actions?.buttons ?? []).map(\.label)
        log.append("reply \(reply.text) at \(now.millisecondsSince1970)" + (buttons.isEmpty ? "" : " \(buttons)"))
        nextID += 1
        return Message(id: nextID, conversationID: 1, sender: .them, text: reply.text, sentAt: now)
    }

    func botTyping(until: Timestamp?) {
        log.append(until.map { "typing until \($0.millisecondsSince1970)" } ?? "typing stopped")
    }

    func botMarked(_ status: DeliveryStatus) { log.append("marked \(status)") }
    func loadMemory() throws -> [String: String] { memory }
    func saveMemory(_ changes: [(key: String, json: String?)]) throws {
        for (key, json) in changes { memory[key] = json }
    }
    func botFailed(_ error: ScriptError) { failures.append(error) }
    func botLogged(_ line: String) { logged.append(line) }
}
