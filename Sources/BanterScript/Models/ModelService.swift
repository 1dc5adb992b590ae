/// Where a bot's `chat:complete` goes: the configured endpoints (a live chat), or a
/// scenario's cassette (answers recorded before, or recorded now). The host hands it to
/// the bot; scripts never see addresses or keys.
package protocol ModelService: AnyObject, Sendable {
    /// Starts `request`; the call may already be finished (a cassette's answer).
    func start(_ request: ModelRequest) -> ModelCall
    /// The calls answered so far as a cassette's text (`/save` writes it beside the
    /// scenario), nil when there were none.
    func cassetteText() -> String?
}
