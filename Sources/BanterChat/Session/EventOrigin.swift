/// Where a published event came from, said by the session where it publishes it, so a
/// display can treat what the user just did differently (only the message the user sent
/// flies up from the prompt) without tracking who called what.
package enum EventOrigin: Hashable, Sendable {
    /// Done through the session by whoever drives it: what the person at the prompt typed
    /// (a message, a reply, a file, an edit, a reaction, new rules), or a scenario's step.
    case user
    /// The bot's work: its replies, typing, delivery statuses, errors, notes and traces.
    case bot
    /// Another process wrote to the conversation (seen in the store).
    case otherProcess
    /// The session itself: opening a conversation, loading a bot, the clock running out a
    /// typing indicator, trouble with the store.
    case session
}
