import BanterCore
import BanterScript

/// Something the user should see change, published by `ChatSession` for the terminal (or a
/// test) to render, with its `EventOrigin`. Every message event is published after the
/// store has acknowledged it.
package enum ChatEvent: Hashable, Sendable {
    /// A new message in the open conversation: sent, received, injected, from a bot or
    /// written by another process.
    case messageAdded(Message)
    /// A message changed in place: its delivery status moved forward, it was edited or
    /// deleted, or a reaction was added or taken back (here or in another process). Carries
    /// the whole message as stored now; displays redraw it where it is.
    case messageUpdated(Message)
    /// The other side started typing; the indicator hides itself at `until`.
    case typingStarted(until: Timestamp)
    /// The typing indicator is gone (a reply arrived, the bot stopped, or time ran out).
    case typingStopped
    /// The open conversation's grouping rules changed: the visible transcript re-flows.
    case rulesChanged(GroupingRules)
    /// A bot was loaded, switched or reloaded; its participant names the other side.
    case botLoaded(Participant)
    /// Another conversation was opened: everything shown so far belongs to the old one.
    case conversationOpened(Conversation)
    /// One line for the user that is not part of the conversation, such as a script error
    /// ("alisha.lua:12: attempt to call a nil value").
    case notice(String)
    /// One line about the bot that is not an error and fails nothing, shown like a notice:
    /// a handler read an undefined global ("alisha.lua:12: note: 'rply' is not defined …").
    case note(String)
    /// The user's message `pick` was a pick of `choice` on message `on` (published right
    /// after the pick's `.messageAdded`): a recording saves it as a `tap`.
    case picked(ActionChoice, on: Int64, pick: Message)
    /// The user gave this bot of the group the turn (`/next NAME`), published before it
    /// hears the message it answers: a recording saves it as a `give_turn`.
    case turnGiven(String)
    /// Which handler took a message and what it did (while `ChatSession.tracesHandlers`).
    /// The notes of that stretch are in it rather than published as `.note`.
    case handlerTraced(HandlerTrace)
    /// A handler paused in the step debugger (`/debug on` and a breakpoint, or a step
    /// ended): the conversation's clock stands still until it goes on (`proceed`).
    case botPaused(DebugStop)
    /// Messages taken back as if never sent (the debugger's `restart` of a run): displays
    /// draw the window again without them.
    case messagesRetracted([Int64])
}

extension ChatEvent {
    /// The lines of a `.handlerTraced` event, wrapped to `width` (nil for any other event):
    /// what a display draws, without reaching into the bot runtime's types.
    package func traceLines(width: Int) -> [String]? {
        guard case .handlerTraced(let trace) = self else { return nil }
        return trace.lines(width: width)
    }
}
