/// The trusted Lua side of the bot API: handler registration, the `chat` object and the
/// dispatch rule. Host primitives (send, wait, typing…) come in as arguments; what it
/// returns (`api`, `entry`, `chat`, `control`) the runtime keeps and calls.
///
/// A message crosses from the host as five values, `text, id, at, from, kinds` (`kinds`: a
/// table of its optional fields, or nil for a plain message), and `as_message` builds the
/// `msg` table from them here, where the constructor's constant keys are cheapest.
///
/// Dispatch rule for a user message: every `on_message` handler runs first, in declaration
/// order; then the first `on` handler (in declaration order) whose pattern matches runs,
/// with the captures as extra arguments; when none matches, the `fallback` runs. All of it
/// runs in one coroutine, so a wait in one handler delays the next.
enum BotSupport {
    /// The text is `bot_support.lua` beside this file, embedded at build time (Plugins/EmbedLua).
    static var source: String { EmbeddedLua.botSupport }
}
