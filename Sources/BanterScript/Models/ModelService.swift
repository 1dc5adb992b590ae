/// Where a bot's `chat:complete` goes: the configured endpoints (a live chat), or a
/// scenario's cassette (answers recorded before, or recorded now). The host hands it to
/// the bot; scripts never see addresses or keys.
package protocol ModelService: AnyObject, Sendable {
    /// Starts `request`; the call may already be finished (a cassette's answer).
    func start(_ request: ModelRequest) -> ModelCall
    /// How many calls have ended so far: `/save` notes it where its recording starts, to
    /// write only the calls made after.
    var answeredCount: Int { get }
    /// The calls that ended after the first `skipped` as a cassette's text (`/save` writes
    /// it beside the scenario), nil when there were none.
    func cassetteText(skipping skipped: Int) -> String?
}
