import BanterChat

/// Where the REPL's output goes: a terminal with a live region and a line editor, or a
/// plain stream. The controller runs commands; the display decides how things look. A
/// display reads what it draws from the session it was given and renders it with its
/// painter; it never reaches back into the controller.
protocol ReplDisplay: AnyObject {
    /// The width lines are rendered at.
    var width: Int { get }
    /// The width command notices and errors are wrapped to: `width` where the output is a
    /// terminal, which would break a longer line mid-word; nil keeps each on one line (a
    /// file or a pipe, to be read by grep and diff).
    var noticeWidth: Int? { get }
    /// Renders a session event (new message, typing, rules…); `origin` says where the
    /// session published it from (the user's own message animates).
    func handle(_ event: ChatEvent, origin: EventOrigin)
    /// Prints command output (already sanitised lines) above the prompt.
    func show(_ lines: [String])
    /// Loads and shows the previous page (`/more`, PageUp).
    func showOlderPage()
    /// Clears the screen, keeping the scrollback (`/clear`).
    func clearScreen()
    /// Shows the open conversation from scratch (after opening another one).
    func showConversation()
    /// Whether output reaches a terminal, which escape sequences such as OSC 52 need.
    var reachesTerminal: Bool { get }
    /// Shows or hides message ids beside bubbles (`/ids on|off`), redrawing what is shown.
    func setShowsMessageIDs(_ shows: Bool)
}
