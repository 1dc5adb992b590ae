/// The Debug Adapter Protocol's types that Banter's adapter reads and writes, named as the
/// specification names them (https://microsoft.github.io/debug-adapter-protocol/), inside
/// one namespace so that `DAP.Breakpoint` and `DAP.Thread` do not shadow Banter's own.
/// Only the fields the adapter uses are here; a client's other fields are ignored.
enum DAP {
    /// A source file, by path.
    struct Source: Codable, Hashable {
        var name: String?
        var path: String?
    }

    /// A line breakpoint as asked for.
    struct SourceBreakpoint: Decodable {
        var line: Int
    }

    /// A function breakpoint as asked for: here a handler's pattern, or `reply`.
    struct FunctionBreakpoint: Decodable {
        var name: String
    }

    /// A breakpoint as the adapter set it (or could not: `verified` false, `message` why).
    struct Breakpoint: Encodable {
        var id: Int?
        var verified: Bool
        var message: String?
        var source: Source?
        var line: Int?
    }

    /// One frame of the paused bot's code.
    struct StackFrame: Encodable {
        var id: Int
        var name: String
        var source: Source?
        var line: Int
        var column: Int
    }

    /// A group of variables of a frame.
    struct Scope: Encodable {
        var name: String
        var presentationHint: String?
        var variablesReference: Int
        var expensive: Bool
    }

    /// One variable (or a table's entry), expandable when `variablesReference` is not 0.
    struct Variable: Encodable {
        var name: String
        var value: String
        var variablesReference: Int
    }

    /// A thread: the bot's handlers run on one.
    struct Thread: Encodable {
        var id: Int
        var name: String
    }

    /// What the adapter can do, answered to `initialize`.
    struct Capabilities: Encodable {
        var supportsConfigurationDoneRequest = true
        var supportsFunctionBreakpoints = true
        var supportsRestartFrame = true
        var supportsTerminateRequest = true
        var supportsEvaluateForHovers = true
        var supportTerminateDebuggee = true
    }
}
