import BanterTestSupport
import Foundation
import Testing

/// `banter test --debug FILE --break …`: a scenario's bot stops at its breakpoints and the
/// REPL's debugger verbs are read from standard input.
@Suite struct TestDebugCommandTests {
    static let scenario = Repository.url("examples/scenarios/alisha.lua").path

    @Test func stopsAtTheBreakpointAndTakesTheDebuggerVerbs() throws {
        let result = try BanterBinary.run(
            ["test", "--debug", Self.scenario, "--break", "reply"],
            input: "print text\nwhere\nstep\nfly\ncontinue\nprint text\n")
        let output = result.standardOutput
        #expect(result.status == 0, "\(result.standardError)")
        #expect(output.contains("paused at alisha.lua:30 in upvalue 'answer' (breakpoint reply)"))
        #expect(output.contains("\"Hi! How's your day going?\""))
        #expect(output.contains("#1  alisha.lua:46"))
        // The step goes over the reply's delay and stops at the next line of her code.
        #expect(output.contains("paused at alisha.lua:31 in upvalue 'answer' (step)"))
        #expect(output.contains("\"fly\" is not a debugger command"))
        #expect(output.contains("│ Nice to meet you properly, Sam ✨ │"), "the pending reply is drawn")
        #expect(output.contains("\"Nice to meet you properly, Sam ✨\""))
        #expect(output.contains("end of input: the bot runs on without stopping"))
        // The whole scenario ran, with its replies where they would have been.
        #expect(output.contains("Honestly? I'd say yes."))
    }

    @Test func refusesABreakpointItCannotRead() throws {
        let result = try BanterBinary.run(["test", "--debug", Self.scenario, "--break", "nowhere"])
        #expect(result.status == 2)
        #expect(result.standardError.contains("--break: \"nowhere\" is not a breakpoint"))
        let alone = try BanterBinary.run(["test", "--break", "reply", Self.scenario])
        #expect(alone.status == 2)
        #expect(alone.standardError.contains("--break goes with --debug FILE"))
    }
}
