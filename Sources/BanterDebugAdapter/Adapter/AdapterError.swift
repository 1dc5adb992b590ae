/// Why the adapter refused a request: sent back as the error response's message, which a
/// client shows to the person debugging, so it says what was wrong and what to do.
struct AdapterError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
