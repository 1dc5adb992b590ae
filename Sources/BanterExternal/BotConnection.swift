import BanterCore

/// How Banter reaches an external bot, whatever carries the events: a program on pipes
/// (`ProgramConnection`) or an HTTP endpoint (`HTTPConnection`). `ExternalBot` drives either
/// the same way: it hands over one event and gets the bot's actions back, or one line
/// saying what went wrong, and puts the actions on the conversation's clock.
protocol BotConnection: AnyObject {
    /// Whether a fault leaves the bot stopped until `/reload` (a program is killed); an HTTP
    /// bot is asked again at the next event.
    var staysStoppedAfterFault: Bool { get }

    /// Tells the bot about `event` (at `now` on the conversation's clock) and waits, at most
    /// the bot's time limit, for its whole answer. The failure's reason names the bot as
    /// `name` and says what went wrong, for the chat's one line.
    func answer(_ event: BotEvent, now: Timestamp, name: String) -> Result<[BotAction], BotWire.Problem>

    /// Lines for the bot's log (`/trace`) gathered since the last call: what a program wrote
    /// to standard error, what an HTTP bot sent that Banter does not draw.
    func takeLog() -> [String]

    /// Ends the connection (a program is killed); harmless when it has ended.
    func stop()
}
