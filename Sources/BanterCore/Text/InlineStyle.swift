/// The light formatting a chat message may carry: `*bold*`, `_italic_` and `` `code` ``.
package struct InlineStyle: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    package static let bold = InlineStyle(rawValue: 1 << 0)
    package static let italic = InlineStyle(rawValue: 1 << 1)
    package static let code = InlineStyle(rawValue: 1 << 2)
}
