import BanterTestSupport
import Foundation
import Testing

/// The step debugger in a real terminal (tmux): Alisha from the examples, a breakpoint on
/// her quiz handler, stepping to the reply, printing the message, going on.
@Suite(.serialized) struct DebuggerTerminalTests {
    @Test func pausesAliceAtTheQuizStepsToTheReplyAndGoesOn() throws {
        let fixture = try ChatFixture()
        let alisha = Repository.root.appendingPathComponent("examples/bots/alisha.lua").path
        let command = "'\(BanterBinary.url.path)' chat --bot '\(alisha)' --db '\(fixture.path("chat.sqlite"))'"
        let terminal = try TmuxSession(
            command: command, width: 90, height: 40, environment: ["HOME": fixture.folder.path])
        try terminal.waitFor(text: "Message Alisha…")

        try terminal.enter("/debug on")
        try terminal.waitFor(text: "debug is on")
        try terminal.enter("/break on \"quiz\"")
        try terminal.waitFor(text: "breakpoint 1: on \"quiz\"")
        try terminal.enter("quiz")
        let paused = try terminal.waitFor(text: "in handler (breakpoint on \"quiz\")")
        #expect(paused.contains { $0.contains("paused at alisha.lua:71") })
        #expect(paused.contains { $0.contains("→ 71") && $0.contains("Quick quiz!") })
        #expect(paused.contains { $0.hasPrefix("debug (step, next, continue, print EXPR…)>") })

        try terminal.enter("step")
        try terminal.waitFor(text: "paused at alisha.lua:29 in upvalue 'answer' (step)")
        try terminal.enter("step")
        let atReply = try terminal.waitFor(text: "paused at alisha.lua:30")
        #expect(atReply.contains { $0.contains("→ 30") && $0.contains("chat:reply(text") })
        try terminal.enter("print msg.text")
        try terminal.waitFor(text: "\"quiz\"")
        try terminal.enter("where")
        try terminal.waitFor(text: "#1  alisha.lua:71")
        let before = try terminal.screen().joined(separator: "\n")
        #expect(!before.contains("│ Quick quiz! Mountains or sea? │"))

        try terminal.enter("continue")
        try terminal.waitFor("the typing indicator") { $0.joined().contains("Alisha is typing") }
        let replied = try terminal.waitFor(text: "Quick quiz! Mountains or sea?")
        #expect(replied.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.hasPrefix("Message Alisha…") == true)

        try terminal.enter("/quit")
        _ = try terminal.waitForExit()
    }
}
