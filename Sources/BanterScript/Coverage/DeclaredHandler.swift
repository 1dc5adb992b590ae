/// A handler a bot declared, with where its function is written.
package struct DeclaredHandler: Hashable, Sendable {
    /// `on("^hi")`, `on_message`, `on_open` or `fallback`.
    package var label: String
    /// The chunk the handler's function is written in ("alisha.lua"); nil for a function
    /// that is not written in a file (a built-in, a string given to `load`).
    package var chunk: String?
    package var firstLine: Int
    package var lastLine: Int
}
