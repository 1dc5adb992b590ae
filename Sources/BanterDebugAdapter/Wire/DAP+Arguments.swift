/// The arguments of the requests the adapter answers.
extension DAP {
    /// `initialize`: how the client counts lines and columns.
    struct InitializeArguments: Decodable {
        var clientID: String?
        var adapterID: String?
        var linesStartAt1: Bool?
        var columnsStartAt1: Bool?
    }

    /// `launch`: what to debug. Either a bot (`bot`, with `messages` sent to it in turn once
    /// the configuration is done) or a scenario (`scenario`); either may come from the
    /// command line (`banter debug --bot FILE`) instead.
    struct LaunchArguments: Decodable {
        var bot: String?
        var scenario: String?
        var messages: [String]?
        var noDebug: Bool?
    }

    /// `setBreakpoints`: every line breakpoint of one source.
    struct SetBreakpointsArguments: Decodable {
        var source: Source
        var breakpoints: [SourceBreakpoint]?
        var lines: [Int]?
    }

    /// `setFunctionBreakpoints`: every function breakpoint.
    struct SetFunctionBreakpointsArguments: Decodable {
        var breakpoints: [FunctionBreakpoint]
    }

    /// `stackTrace`, `next`, `stepIn`, `stepOut`, `continue`: a thread (there is one).
    struct ThreadArguments: Decodable {
        var threadId: Int?
        var startFrame: Int?
        var levels: Int?
    }

    /// `scopes` and `restartFrame`: a frame of the last stop.
    struct FrameArguments: Decodable {
        var frameId: Int
    }

    /// `variables`: what to expand.
    struct VariablesArguments: Decodable {
        var variablesReference: Int
    }

    /// `evaluate`: an expression, in a frame when paused; `context` says where it was typed.
    struct EvaluateArguments: Decodable {
        var expression: String
        var frameId: Int?
        var context: String?
    }
}
