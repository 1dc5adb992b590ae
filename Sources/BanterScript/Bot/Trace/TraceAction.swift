import BanterCore

/// One thing a handler did or scheduled, as a trace lists it.
package enum TraceAction: Hashable, Sendable {
    /// `chat:reply`: sent now, or after a delay and/or with the typing indicator first.
    case reply(String, after: Duration?, typing: Duration?)
    /// `chat:typing(d)`; nil when it turned the indicator off.
    case typing(Duration?)
    /// `chat:mark("delivered"|"read")`.
    case mark(DeliveryStatus)
    /// `chat:wait(d)`.
    case wait(Duration)
    /// `chat:ask`, with its timeout if any.
    case ask(timeout: Duration?)
    /// Memory keys the stretch wrote and deleted.
    case memory(written: [String], deleted: [String])
}
