/// The bodies of the adapter's responses and events.
extension DAP {
    struct BreakpointsBody: Encodable { var breakpoints: [Breakpoint] }
    struct ThreadsBody: Encodable { var threads: [Thread] }
    struct StackTraceBody: Encodable {
        var stackFrames: [StackFrame]
        var totalFrames: Int
    }
    struct ScopesBody: Encodable { var scopes: [Scope] }
    struct VariablesBody: Encodable { var variables: [Variable] }
    struct EvaluateBody: Encodable {
        var result: String
        var variablesReference: Int
    }
    struct ContinueBody: Encodable { var allThreadsContinued: Bool }

    /// `stopped`: why and where the bot paused.
    struct StoppedEvent: Encodable {
        var reason: String
        var description: String?
        var threadId: Int
        var allThreadsStopped: Bool
        var hitBreakpointIds: [Int]?
    }

    /// `continued`: the bot runs again without a request that said so (a restart).
    struct ContinuedEvent: Encodable {
        var threadId: Int
        var allThreadsContinued: Bool
    }

    /// `output`: a line of the conversation (`stdout`), a bot's error (`stderr`) or the
    /// adapter's own news (`console`).
    struct OutputEvent: Encodable {
        var category: String
        var output: String
    }

    /// `exited`: how a scenario ended (0 passed, 1 failed expectations, 2 could not run).
    struct ExitedEvent: Encodable { var exitCode: Int }
}
