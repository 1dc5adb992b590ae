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
    /// The columns notices are wrapped to: `consoleWidth` in a terminal, else nil (one line).
    var noticeWidth: Int? { get }
    /// Prints lines (already painted and sanitised).
    func show(_ lines: [String])
    /// Dim output, wrapped to `noticeWidth`.
    func info(_ text: String)
    /// An error, wrapped to `noticeWidth`.
    func showError(_ text: String)
}

extension ReplController: DebuggerConsole {
    var consoleWidth: Int { display.width }
    var noticeWidth: Int? { display.noticeWidth }
}
