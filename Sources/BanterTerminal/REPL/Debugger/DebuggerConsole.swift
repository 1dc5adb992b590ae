import BanterChat

/// Where the debugger prompt (`DebuggerPrompt`) runs and shows what it shows: the REPL, or
/// the scenario run of `banter test --debug` (`ScenarioDebugger`).
protocol DebuggerConsole: AnyObject {
    var session: ChatSession { get }
    var painter: TranscriptPainter { get }
    /// A renderer for the open conversation, for the pending reply's bubble.
    var renderer: TranscriptRenderer { get }
    /// The columns the console draws in.
    var consoleWidth: Int { get }
    /// Prints lines (already painted and sanitised).
    func show(_ lines: [String])
    /// One dim line of output.
    func info(_ text: String)
    /// One error line.
    func showError(_ text: String)
}

extension ReplController: DebuggerConsole {
    var consoleWidth: Int { display.width }
}
