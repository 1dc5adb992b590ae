import BanterTestSupport
import Foundation
import Testing

/// `banter debug` driven over pipes as an editor drives it: the Debug Adapter Protocol's
/// requests in the order VS Code sends them, each answer checked.
@Suite(.serialized) struct DebugAdapterTests {
    static let alisha = Repository.url("examples/bots/alisha.lua").path

    /// Alisha from the examples: a breakpoint in her "i like" handler, the stack, scopes,
    /// nested variables, expressions, stepping, a restart that takes her reply and memory
    /// back, a handler breakpoint, and her reply once she goes on.
    @Test func debugsAlishaThroughTheProtocol() throws {
        let client = try DAPClient()
        let capabilities = try client.succeed(
            "initialize", ["clientID": "banter-tests", "adapterID": "banter", "linesStartAt1": true])
        #expect(capabilities["supportsConfigurationDoneRequest"] as? Bool == true)
        #expect(capabilities["supportsRestartFrame"] as? Bool == true)
        try client.event("initialized")
        try client.succeed("launch", ["bot": Self.alisha, "messages": ["i like tea", "quiz"]])
        let set = try client.succeed(
            "setBreakpoints", ["source": ["path": Self.alisha], "breakpoints": [["line": 55], ["line": 500]]])
        let answers = set["breakpoints"] as? [[String: Any]] ?? []
        #expect(answers.map { $0["verified"] as? Bool } == [true, false])
        #expect((answers.last?["message"] as? String)?.contains("line 500 is not in alisha.lua") == true)
        let breakpointID = answers.first?["id"] as? Int
        try client.succeed("configurationDone")

        let stopped = try client.event("stopped")
        #expect(stopped["reason"] as? String == "breakpoint")
        #expect(stopped["threadId"] as? Int == 1)
        #expect(stopped["hitBreakpointIds"] as? [Int] == breakpointID.map { [$0] })
        try client.output(containing: "me: i like tea")

        let threads = try client.succeed("threads")["threads"] as? [[String: Any]]
        #expect(threads?.first?["name"] as? String == "Alisha")
        let trace = try client.succeed("stackTrace", ["threadId": 1])
        let frames = trace["stackFrames"] as? [[String: Any]] ?? []
        #expect(frames.first?["line"] as? Int == 55)
        #expect(frames.first?["name"] as? String == "handler")
        let source = frames.first?["source"] as? [String: Any]
        #expect(source?["path"] as? String == Self.alisha)
        let frameID = try #require(frames.first?["id"] as? Int)

        let scopes = try client.succeed("scopes", ["frameId": frameID])["scopes"] as? [[String: Any]] ?? []
        #expect(scopes.map { $0["name"] as? String } == ["Locals", "Memory"])
        let locals = try variables(client, scopes[0]["variablesReference"])
        #expect(locals["thing"]?.value == "\"tea\"")
        let message = try #require(locals["msg"])
        #expect(message.reference > 0)
        let fields = try variables(client, message.reference)
        #expect(fields["text"]?.value == "\"i like tea\"")
        #expect(fields["text"]?.reference == 0)
        let memory = try variables(client, scopes[1]["variablesReference"])
        #expect(memory["messages"]?.value == "1")

        let evaluated = try client.succeed(
            "evaluate", ["expression": "msg.text:upper()", "frameId": frameID, "context": "repl"])
        #expect(evaluated["result"] as? String == "\"I LIKE TEA\"")

        try client.succeed("next", ["threadId": 1])
        let stepped = try client.event("stopped")
        #expect(stepped["reason"] as? String == "step")
        #expect(try topLine(client) == 56)
        try client.succeed("next", ["threadId": 1])
        try client.event("stopped")
        try client.succeed("next", ["threadId": 1])
        try client.event("stopped")
        #expect(try topLine(client) == 58)
        let likes = try client.succeed("evaluate", ["expression": "likes", "context": "watch", "frameId": 1])
        #expect(likes["result"] as? String == "{ \"tea\" }")
        let newMemory = try variables(client, try scopeReference(client, "Memory"))
        let likesEntry = try #require(newMemory["likes"])
        #expect(likesEntry.reference > 0)
        #expect(try variables(client, likesEntry.reference)["[1]"]?.value == "\"tea\"")

        // restartFrame: the handler runs again from its start, the bot's memory as it was.
        try client.succeed("restartFrame", ["frameId": 1])
        #expect(try client.event("continued")["allThreadsContinued"] as? Bool == true)
        let restarted = try client.event("stopped")
        #expect(restarted["reason"] as? String == "restart")
        try client.succeed("continue", ["threadId": 1])
        let again = try client.event("stopped")
        #expect(again["reason"] as? String == "breakpoint")
        #expect(try topLine(client) == 55)
        let count = try client.succeed("evaluate", ["expression": "memory.messages", "context": "repl", "frameId": 1])
        #expect(count["result"] as? String == "1", "the restarted run saw the memory from before it ran")

        // A handler breakpoint on the quiz, then Alisha's replies arrive as she goes on.
        try client.succeed("setBreakpoints", ["source": ["path": Self.alisha], "breakpoints": [] as [Any]])
        let functions = try client.succeed("setFunctionBreakpoints", ["breakpoints": [["name": "quiz"]]])
        #expect((functions["breakpoints"] as? [[String: Any]])?.first?["verified"] as? Bool == true)
        try client.succeed("continue", ["threadId": 1])
        try client.output(containing: "Alisha: Oh, tea? What got you into that?")
        let quiz = try client.event("stopped")
        #expect(quiz["reason"] as? String == "function breakpoint")
        #expect(try topLine(client) == 71)
        // next goes over her delayed, typed reply (a wait) and stops at the line after it.
        try client.succeed("next", ["threadId": 1])
        #expect(try client.event("stopped")["reason"] as? String == "step")
        #expect(try topLine(client) == 72)
        let reply = try client.output(containing: "Alisha: Quick quiz! Mountains or sea?")
        try client.succeed("continue", ["threadId": 1])
        let sent = try #require(client.received.compactMap { outputText($0) }.first { $0.contains("me: quiz") })
        let delay = (seconds(reply) - seconds(sent) + 86_400) % 86_400
        #expect(delay >= 1 && delay < 60, "the reply came after her delay, on the chat's clock")

        // As in a piped chat, the clock moves through what she scheduled: her quiz times out.
        try client.output(containing: "Alisha: Too slow")
        // While the chat runs, the debug console's line is a message to the bot.
        let typed = try client.succeed("evaluate", ["expression": "hey", "context": "repl"])
        #expect(typed["result"] as? String == "sent")
        try client.output(containing: "Alisha: Hi! How's your day going?")
        try client.succeed("disconnect")
        #expect(try client.finish() == 0)
    }

    /// A scenario under the debugger: it stops at a breakpoint in its bot, goes on, and says
    /// how the scenario ended.
    @Test func debugsAScenarioToItsEnd() throws {
        let client = try DAPClient(arguments: ["--scenario", Repository.url("examples/scenarios/alisha.lua").path])
        try client.succeed("initialize", ["adapterID": "banter"])
        try client.succeed("launch", [:])
        try client.succeed("setFunctionBreakpoints", ["breakpoints": [["name": "reply"]]])
        try client.succeed("configurationDone")
        let stopped = try client.event("stopped")
        #expect(stopped["reason"] as? String == "function breakpoint")
        let frames = try client.succeed("stackTrace", ["threadId": 1])["stackFrames"] as? [[String: Any]]
        #expect(frames?.first?["line"] as? Int == 30)
        let text = try client.succeed("evaluate", ["expression": "text", "frameId": 1, "context": "hover"])
        #expect(text["result"] as? String == "\"Hi! How's your day going?\"")
        try client.succeed("setFunctionBreakpoints", ["breakpoints": [] as [Any]])
        try client.succeed("continue", ["threadId": 1])
        #expect(try client.event("exited")["exitCode"] as? Int == 0)
        try client.event("terminated")
        try client.output(containing: "scenario passed")
        try client.succeed("disconnect")
        #expect(try client.finish() == 0)
    }

    /// A group's bots stop too: a line breakpoint in one of a panel's three bots.
    @Test func stopsInAGroupsBot() throws {
        let cy = Repository.url("examples/bots/panel/cy.lua").path
        let client = try DAPClient(arguments: [
            "--scenario", Repository.url("examples/scenarios/panel-manual.lua").path,
        ])
        try client.succeed("initialize", ["adapterID": "banter"])
        try client.succeed("launch", [:])
        try client.succeed("setBreakpoints", ["source": ["path": cy], "breakpoints": [["line": 8]]])
        try client.succeed("configurationDone")
        #expect(try client.event("stopped")["reason"] as? String == "breakpoint")
        let frames = try client.succeed("stackTrace", ["threadId": 1])["stackFrames"] as? [[String: Any]]
        #expect((frames?.first?["source"] as? [String: Any])?["path"] as? String == cy)
        #expect(frames?.first?["line"] as? Int == 8)
        let text = try client.succeed("evaluate", ["expression": "msg.text", "frameId": 1, "context": "repl"])
        #expect(text["result"] as? String == "\"release today?\"")
        try client.succeed("setBreakpoints", ["source": ["path": cy], "breakpoints": [] as [Any]])
        try client.succeed("continue", ["threadId": 1])
        #expect(try client.event("exited")["exitCode"] as? Int == 0)
        try client.succeed("disconnect")
        #expect(try client.finish() == 0)
    }

    /// The sandbox holds through the debugger: expressions see copies and no escape hatch,
    /// and a runaway one stops at the time limit instead of hanging the adapter.
    @Test func evaluateCannotEscapeTheSandbox() throws {
        let client = try DAPClient(arguments: ["--bot", Self.alisha, "--message", "hey"])
        try client.succeed("initialize", ["adapterID": "banter"])
        try client.succeed("launch", [:])
        try client.succeed("setBreakpoints", ["source": ["path": Self.alisha], "breakpoints": [["line": 46]]])
        try client.succeed("configurationDone")
        try client.event("stopped")
        for expression in [
            "os.execute('touch /tmp/banter-escaped')", "io.open('/etc/passwd')", "require('os')", "load('return 1')()",
            "debug.getregistry()", "msg.text = 'changed'",
        ] {
            let answer = try client.request("evaluate", ["expression": expression, "frameId": 1, "context": "repl"])
            #expect(answer["success"] as? Bool == false, "\(expression) was refused")
        }
        let started = Date()
        let runaway = try client.request(
            "evaluate", ["expression": "(function() while true do end end)()", "frameId": 1, "context": "repl"],
            timeout: 30)
        #expect(runaway["success"] as? Bool == false)
        #expect(Date().timeIntervalSince(started) < 15)
        let unchanged = try client.succeed("evaluate", ["expression": "msg.text", "frameId": 1, "context": "repl"])
        #expect(unchanged["result"] as? String == "\"hey\"")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/banter-escaped"))
        try client.succeed("continue", ["threadId": 1])
        try client.output(containing: "Alisha: Hi! How's your day going?")
        try client.succeed("terminate")
        try client.event("terminated")
        #expect(try client.finish() == 0)
    }

    /// Bad input gets error responses, and the adapter goes on answering.
    @Test func answersMalformedInputWithErrors() throws {
        let client = try DAPClient()
        client.writeRaw("Content-Type: nothing\r\n\r\n")
        #expect(
            try client.response(to: 0)["message"] as? String
                == "a frame's header has no Content-Length: \"Content-Type: nothing\"")
        client.writeRaw("Content-Length: 9\r\n\r\n{not json")
        #expect((try client.response(to: 0)["message"] as? String)?.contains("is not JSON") == true)
        client.writeRaw("Content-Length: 99999999999\r\n\r\n")
        #expect(
            (try client.response(to: 0)["message"] as? String)?.contains("longer than the 16777216 allowed") == true)
        client.writeRaw("Content-Length: 28\r\n\r\n{\"type\":\"request\",\"seq\":\"x\"}")
        #expect((try client.response(to: 0)["message"] as? String)?.contains("has no seq or type") == true)
        let unknown = try client.request("fly", ["to": "moon"])
        #expect(unknown["success"] as? Bool == false)
        #expect((unknown["message"] as? String)?.contains("does not support \"fly\"") == true)
        let noFile = try client.request("setBreakpoints", ["source": ["path": "/nonexistent/bot.lua"], "lines": [3]])
        #expect((noFile["message"] as? String)?.contains("cannot set breakpoints in /nonexistent/bot.lua") == true)
        let badArguments = try client.request("setBreakpoints", ["source": "bot.lua"])
        #expect((badArguments["message"] as? String)?.contains("\"source\" has the wrong type") == true)
        let notPaused = try client.request("stackTrace", ["threadId": 1])
        #expect((notPaused["message"] as? String)?.contains("not paused") == true)
        let noBot = try client.request("launch", ["bot": "/nonexistent/bot.lua"])
        #expect(noBot["success"] as? Bool == false)
        let badLaunch = try client.request("launch", ["bot": 5])
        #expect((badLaunch["message"] as? String)?.contains("\"bot\" has the wrong type") == true)
        let noTarget = try client.request("launch", [:])
        #expect((noTarget["message"] as? String)?.contains("launch needs") == true)
        try client.succeed("initialize", ["adapterID": "banter"])
        #expect(client.isRunning)
        #expect(try client.finish() == 0)
    }

    // MARK: Helpers

    /// The variables `reference` expands to, by name: value and their own reference.
    private func variables(_ client: DAPClient, _ reference: Any?) throws -> [String: (value: String, reference: Int)] {
        let number = try #require(reference as? Int)
        let list =
            try client.succeed("variables", ["variablesReference": number])["variables"] as? [[String: Any]] ?? []
        var result: [String: (value: String, reference: Int)] = [:]
        for variable in list {
            guard let name = variable["name"] as? String else { continue }
            result[name] = (variable["value"] as? String ?? "", variable["variablesReference"] as? Int ?? -1)
        }
        return result
    }

    private func topLine(_ client: DAPClient) throws -> Int? {
        let frames = try client.succeed("stackTrace", ["threadId": 1])["stackFrames"] as? [[String: Any]]
        return frames?.first?["line"] as? Int
    }

    private func scopeReference(_ client: DAPClient, _ name: String) throws -> Int? {
        let scopes = try client.succeed("scopes", ["frameId": 1])["scopes"] as? [[String: Any]]
        return scopes?.first { $0["name"] as? String == name }?["variablesReference"] as? Int
    }

    private func outputText(_ message: DAPClient.Message) -> String? {
        guard message["event"] as? String == "output" else { return nil }
        return (message["body"] as? DAPClient.Message)?["output"] as? String
    }

    /// The seconds of the day of an output line's "[HH:mm:ss]".
    private func seconds(_ line: String) -> Int {
        guard let open = line.firstIndex(of: "["), let close = line.firstIndex(of: "]") else { return -1 }
        let parts = line[line.index(after: open)..<close].split(separator: ":").compactMap { Int($0) }
        return parts.count == 3 ? parts[0] * 3600 + parts[1] * 60 + parts[2] : -1
    }
}
