import BanterTestSupport
import Foundation
import Testing

/// `/save` of a chat that branched (issue 26's walk): chat with Alisha, `/fork -3`, answer
/// differently, `/retry` twice, switch siblings with Alt-Left, `/tree`, `/save tree.lua`;
/// `banter test tree.lua` runs every branch explored as a leaf of its own, green, by name.
@Suite(.serialized) struct SavedTreeTests {
    /// Alisha's answers to what the fallback hears: one drawn with `math.random`.
    static let followups = [
        "Tell me more!", "Ha, I like that. What else?", "Okay, now I'm curious 😄", "That sounds like a story. Go on?",
    ]

    /// Lines showing one of Alisha's follow-ups.
    private static func followupCount(_ screen: [String]) -> Int {
        screen.count { line in followups.contains { line.contains($0) } }
    }

    @Test func theExploredTreeIsSavedAsOneScenarioWhoseLeavesAllPass() throws {
        let fixture = try ChatFixture()
        let alisha = Repository.url("examples/bots/alisha.lua").path
        let command =
            "'\(BanterBinary.url.path)' chat --bot '\(alisha)' --db '\(fixture.path("chat.sqlite"))'"
        let terminal = try fixture.terminal(command, width: 90, height: 50)
        try terminal.waitFor(text: "Message Alisha…")
        for (text, reply) in [
            ("hey there", "Hi! How's your day going?"), ("My name is Sam", "Nice to meet you properly, Sam"),
            ("I like climbing", "Oh, climbing? What got you into that?"),
        ] {
            try terminal.enter(text)
            try terminal.waitFor(text: reply, timeout: 30)
        }
        try terminal.enter("/branch first")
        try terminal.waitFor(text: "branch 1 is now \"first\"")

        try terminal.enter("/fork -3")
        try terminal.waitFor(text: "now on branch 2, forked at")
        try terminal.enter("so what now")
        try terminal.waitFor("a follow-up", timeout: 30) { Self.followupCount($0) == 1 }
        try terminal.enter("/retry")
        try terminal.waitFor(text: "answering again on branch 3")
        try terminal.waitFor("a second follow-up", timeout: 30) {
            Self.followupCount($0) == 1 && $0.contains { $0.contains("‹ 2/2 ›") }
        }
        try terminal.enter("/retry")
        try terminal.waitFor(text: "answering again on branch 4")
        try terminal.waitFor(text: "‹ 3/3 ›", timeout: 30)
        try terminal.send("M-Left")
        try terminal.waitFor(text: "‹ 2/3 ›")
        try terminal.enter("/tree")
        try terminal.waitFor(text: "← current")
        try terminal.enter("/save tree.lua")
        try terminal.waitFor(text: "saved 4 branches to tree.lua")

        let scenario = try String(contentsOfFile: fixture.path("tree.lua"), encoding: .utf8)
        #expect(scenario.contains("fork()") && scenario.contains("retry()"), "\(scenario)")
        let result = try BanterBinary.run(["test", fixture.path("tree.lua")])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)\n\(scenario)")
        let passed = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("✓") }
        #expect(passed.count == 4, "\(result.standardOutput)")
        #expect(passed.contains { $0.hasSuffix("tree.lua › first") }, "\(result.standardOutput)")
        #expect(passed.contains { $0.hasSuffix("› branch 4") }, "\(result.standardOutput)")
        #expect(result.standardOutput.hasSuffix("4 passed, 0 failed\n"), "\(result.standardOutput)")
    }
}
