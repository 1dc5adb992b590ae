import BanterChat

/// Where the REPL's output goes: a terminal with a live region and a line editor, or a
/// plain stream. The controller runs commands; the display decides how things look.
protocol ReplDisplay: AnyObject {
    /// The width lines are rendered at.
    var width: Int { get }
    /// Renders a session event (new message, typing, rules…).
    func handle(_ event: ChatEvent)
    /// Prints command output (already sanitised lines) above the prompt.
    func show(_ lines: [String])
    /// Loads and shows the previous page (`/more`, PageUp).
    func showOlderPage()
    /// Clears the screen, keeping the scrollback (`/clear`).
    func clearScreen()
    /// Shows the open conversation from scratch (after opening another one).
    func showConversation()
}
