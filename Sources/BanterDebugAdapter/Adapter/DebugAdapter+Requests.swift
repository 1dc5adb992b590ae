import BanterChat
import BanterCore
import Foundation

/// The requests the adapter answers, one method each.
extension DebugAdapter {
    /// Every command answered, for the error an unknown one gets.
    static let commands = [
        "initialize", "launch", "setBreakpoints", "setFunctionBreakpoints", "configurationDone", "threads",
        "stackTrace", "scopes", "variables", "evaluate", "next", "stepIn", "stepOut", "continue", "restartFrame",
        "disconnect", "terminate",
    ]

    /// Answers one request by its command.
    func answer(_ request: Request) throws(AdapterError) -> Reply {
        switch request.command {
        case "initialize": return try initialize(request)
        case "launch": return try launch(request)
        case "setBreakpoints": return try setBreakpoints(request)
        case "setFunctionBreakpoints": return try setFunctionBreakpoints(request)
        case "configurationDone": return configurationDone()
        case "threads": return Reply(DAP.ThreadsBody(threads: [DAP.Thread(id: 1, name: threadName)]))
        case "stackTrace": return try stackTrace(request)
        case "scopes": return try scopes(request)
        case "variables": return try variables(request)
        case "evaluate": return try evaluate(request)
        case "next": return try go(.next)
        case "stepIn": return try go(.step)
        case "stepOut": return try go(.finish)
        case "continue": return try go(.continue)
        case "restartFrame": return try restartFrame()
        case "disconnect": return Reply { exit(0) }
        case "terminate":
            send(event: "terminated")
            return Reply { exit(0) }
        default:
            throw AdapterError(
                "banter debug does not support \(FrameReader.excerpt(request.command)); it answers "
                    + Self.commands.joined(separator: ", "))
        }
    }

    private func initialize(_ request: Request) throws(AdapterError) -> Reply {
        let arguments = try request.arguments(DAP.InitializeArguments.self)
        linesStartAt1 = arguments.linesStartAt1 ?? true
        columnsStartAt1 = arguments.columnsStartAt1 ?? true
        send(event: "initialized")
        return Reply(DAP.Capabilities())
    }

    private func launch(_ request: Request) throws(AdapterError) -> Reply {
        guard run == nil else { throw AdapterError("launch came twice: one adapter debugs one chat or scenario") }
        let arguments = try request.optionalArguments(DAP.LaunchArguments.self) ?? DAP.LaunchArguments()
        try open(
            bot: arguments.bot ?? defaults.bot, scenario: arguments.scenario ?? defaults.scenario,
            messages: arguments.messages ?? defaults.messages, debugging: arguments.noDebug != true)
        return Reply()
    }

    private func setBreakpoints(_ request: Request) throws(AdapterError) -> Reply {
        let arguments = try request.arguments(DAP.SetBreakpointsArguments.self)
        guard let path = arguments.source.path else {
            throw AdapterError("setBreakpoints needs the source's path: the adapter stops at a file's lines")
        }
        let lines = arguments.breakpoints?.map(\.line) ?? arguments.lines ?? []
        let answers = try breakpoints.setLines(lines, in: path, linesStartAt1: linesStartAt1)
        if let session { breakpoints.apply(to: session) }
        return Reply(DAP.BreakpointsBody(breakpoints: answers))
    }

    private func setFunctionBreakpoints(_ request: Request) throws(AdapterError) -> Reply {
        let arguments = try request.arguments(DAP.SetFunctionBreakpointsArguments.self)
        let answers = breakpoints.setFunctions(arguments.breakpoints.map(\.name))
        if let session { breakpoints.apply(to: session) }
        return Reply(DAP.BreakpointsBody(breakpoints: answers))
    }

    private func configurationDone() -> Reply {
        guard !configured, run != nil else { return Reply() }
        configured = true
        return Reply { [self] in start() }
    }

    private func stackTrace(_ request: Request) throws(AdapterError) -> Reply {
        let arguments = try request.optionalArguments(DAP.ThreadArguments.self) ?? DAP.ThreadArguments()
        let (session, stop) = try paused()
        let frames = stop.frames.enumerated().map { index, frame in
            let path = session.sourcePath(ofFrameFile: frame.file)
            return DAP.StackFrame(
                id: index + 1, name: frame.function ?? "handler",
                source: DAP.Source(name: URL(fileURLWithPath: frame.file).lastPathComponent, path: path),
                line: linesStartAt1 ? frame.line : frame.line - 1, column: columnsStartAt1 ? 1 : 0)
        }
        let start = min(max(arguments.startFrame ?? 0, 0), frames.count)
        let levels = arguments.levels.flatMap { $0 > 0 ? $0 : nil } ?? frames.count
        return Reply(
            DAP.StackTraceBody(
                stackFrames: Array(frames[start..<min(frames.count, start + levels)]), totalFrames: frames.count))
    }

    private func scopes(_ request: Request) throws(AdapterError) -> Reply {
        let frame = try frameIndex(try request.arguments(DAP.FrameArguments.self).frameId)
        return Reply(
            DAP.ScopesBody(scopes: [
                DAP.Scope(
                    name: "Locals", presentationHint: "locals",
                    variablesReference: handles.number(for: .locals(frame: frame)), expensive: false),
                DAP.Scope(
                    name: "Memory",
                    variablesReference: handles.number(for: .table(frame: frame, name: "memory", path: [])),
                    expensive: false),
            ]))
    }

    private func variables(_ request: Request) throws(AdapterError) -> Reply {
        let number = try request.arguments(DAP.VariablesArguments.self).variablesReference
        let (session, _) = try paused()
        guard let target = handles.target(number) else {
            throw AdapterError("variablesReference \(number) is not one of this stop's (they end when the bot goes on)")
        }
        let variables: [DAP.Variable]
        do {
            switch target {
            case .locals(let frame):
                variables = try session.pausedVariables(frame: frame).map { name, value in
                    variable(name, value, expanding: .table(frame: frame, name: name, path: []))
                }
            case .table(let frame, let name, let path):
                variables = try session.pausedChildren(frame: frame, name: name, path: path).enumerated().map {
                    position, entry in
                    variable(
                        entry.name, entry.value,
                        expanding: .table(frame: frame, name: name, path: path + [position + 1]))
                }
            }
        } catch {
            throw AdapterError("\(error)")
        }
        return Reply(DAP.VariablesBody(variables: variables))
    }

    /// A variable, with a number to expand it by when it is a table with entries.
    private func variable(_ name: String, _ value: String, expanding target: VariableHandles.Target) -> DAP.Variable {
        let expandable = value.hasPrefix("{") && value != "{}"
        return DAP.Variable(
            name: name, value: value, variablesReference: expandable ? handles.number(for: target) : 0)
    }

    /// While paused: the expression's value in the frame (read-only, as the REPL's `print`).
    /// While the chat runs, a line typed in the debug console is a message to the bot.
    private func evaluate(_ request: Request) throws(AdapterError) -> Reply {
        let arguments = try request.arguments(DAP.EvaluateArguments.self)
        guard let session else { throw AdapterError("nothing is launched yet: launch a bot or a scenario first") }
        if session.pause != nil {
            var frame = 0
            if let id = arguments.frameId { frame = try frameIndex(id) }
            do {
                return Reply(
                    DAP.EvaluateBody(
                        result: try session.evaluatePaused(arguments.expression, frame: frame), variablesReference: 0))
            } catch {
                throw AdapterError("\(error)")
            }
        }
        guard arguments.context == "repl", case .chat = run, configured else {
            throw AdapterError(
                "nothing is paused: expressions are evaluated in a paused handler (in a chat, the debug console sends a line as a message while the bot runs)"
            )
        }
        let text = arguments.expression
        return Reply(DAP.EvaluateBody(result: "sent", variablesReference: 0)) { [self] in send(text, in: session) }
    }

    /// `next`, `stepIn`, `stepOut`, `continue`: the bot goes on once the response is sent.
    private func go(_ step: DebugStep) throws(AdapterError) -> Reply {
        let (session, _) = try paused()
        let body: (any Encodable)? = step == .continue ? DAP.ContinueBody(allThreadsContinued: true) : nil
        return Reply(body) { [self] in
            handles.reset()
            session.proceed(step)
        }
    }

    /// The paused handler runs again from its start, its messages taken back and the bot's
    /// memory as it was; the `stopped` (reason `restart`) follows the response.
    private func restartFrame() throws(AdapterError) -> Reply {
        let (session, _) = try paused()
        handles.reset()
        // The run goes on before it stops again: a client that keeps a stopped thread's state
        // (nvim-dap) must hear it, or it takes the new stop for a second thread's.
        send(event: "continued", DAP.ContinuedEvent(threadId: 1, allThreadsContinued: true))
        do {
            try session.restartPaused()
        } catch {
            throw AdapterError("\(error)")
        }
        return Reply()
    }

    /// The thread's name: the bot's.
    private var threadName: String { session?.participant.name ?? "bot" }

    /// The session and its stop, or why nothing can be asked of a paused frame.
    private func paused() throws(AdapterError) -> (ChatSession, DebugStop) {
        guard let session, let stop = session.pause else {
            throw AdapterError("the bot is not paused: this request needs a stopped handler (set a breakpoint)")
        }
        return (session, stop)
    }

    /// The index in the stop's frames of the client's frame id.
    private func frameIndex(_ id: Int) throws(AdapterError) -> Int {
        let (_, stop) = try paused()
        guard id >= 1, id <= stop.frames.count else {
            throw AdapterError("frame \(id) is not one of this stop's \(stop.frames.count) frames")
        }
        return id - 1
    }
}
