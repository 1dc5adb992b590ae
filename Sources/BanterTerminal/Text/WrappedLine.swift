/// One line of wrapped text with its measured width, so that callers pad without measuring
/// again.
public struct WrappedLine: Hashable, Sendable {
    public var text: Substring
    /// Display columns of `text` under the wrapper's width model.
    public var width: Int

    public init(text: Substring, width: Int) {
        self.text = text
        self.width = width
    }
}
