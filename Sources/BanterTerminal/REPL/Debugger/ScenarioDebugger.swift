import BanterChat
import BanterCore
import BanterScenario
import Foundation

/// `banter test --debug FILE`: one scenario run in this process with the step debugger on.
/// Its transcript is printed as `banter run` prints it; where its bot stops at a breakpoint
/// the pause is shown as the REPL shows it and the REPL's debugger verbs (`step`, `next`,
/// `print EXPR`, `continue`…) are read from standard input, one line each. The scenario's
/// steps wait meanwhile: the pause is served inside the step that ran the bot, so the
/// scenario sees the same conversation as without the debugger. The end of the input lets
/// the bot run on without stopping.
package final class ScenarioDebugger: DebuggerConsole {
    private let runner: ScenarioRunner
    private let printer: TranscriptPrinter
    private let style: TranscriptStyle
    private let breakpoints: [Breakpoint]
    private let output = TerminalOutput()
    private let readLine: () -> String?
    /// Whether the prompt is reading (a pause met then, after a step, is only shown).
    private var isServing = false

    /// Prepares `runner`'s scenario to run with `breakpoints` armed, drawn in `style`;
    /// `readLine` gives the typed lines (standard input by default).
    package init(
        runner: ScenarioRunner, style: TranscriptStyle, breakpoints: [Breakpoint],
        readLine: @escaping () -> String? = { Swift.readLine() }
    ) {
        self.runner = runner
        self.style = style
        self.breakpoints = breakpoints
        self.readLine = readLine
        printer = TranscriptPrinter(style: style)
    }

    var session: ChatSession { runner.session }
    var painter: TranscriptPainter { style.painter }
    var renderer: TranscriptRenderer { painter.renderer(for: session) }
    var consoleWidth: Int { style.width }
    var noticeWidth: Int? { TranscriptStyle.outputIsTerminal ? style.width : nil }
    func show(_ lines: [String]) { output.write(lines: lines) }
    func info(_ text: String) { show(painter.info(text, width: noticeWidth)) }
    func showError(_ text: String) { show(painter.error(text, width: noticeWidth)) }

    /// Runs the scenario (see `ScenarioRunner.run`), stopping where the breakpoints say.
    package func run() throws(ScenarioError) -> [ScenarioFailure] {
        session.isDebugging = true
        for breakpoint in breakpoints { session.addBreakpoint(breakpoint) }
        printer.start(runner.openingMessages, session: session)
        runner.onEvent = { [unowned self] event in
            printer.handle(event, session: session)
            if case .botPaused(let stop) = event { paused(stop) }
        }
        defer { printer.finish(session: session) }
        return try runner.run()
    }

    /// Shows the pause and reads verbs until the bot goes on. A step that stops again comes
    /// here while the loop reads, and is only shown: stepping never nests.
    private func paused(_ stop: DebugStop) {
        DebuggerPrompt(console: self).showPause(stop)
        guard !isServing else { return }
        isServing = true
        defer { isServing = false }
        while session.pause != nil {
            output.write("debug> ")
            guard let line = readLine() else {
                info("end of input: the bot runs on without stopping")
                session.isDebugging = false
                break
            }
            DebuggerPrompt(console: self).handle(line)
        }
    }
}
