/// A laid-out transcript, read as a collection of `LayoutItem`s.
///
/// It keeps the messages it was made from and, per item, one small row that names its
/// message by index: laying out a million messages copies and retains none of them (each
/// copy would retain the message's text), and an item is made only when it is read.
public struct LayoutItems: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral,
    CustomStringConvertible
{
    /// One item, with its message as an index into `messages`.
    enum Row: Sendable {
        case sectionHeader(Timestamp)
        case message(index: Int, position: ClusterPosition, spacingBefore: Spacing)
    }

    /// The messages the rows name, in the order they were given (not necessarily shown).
    let messages: [Message]
    let rows: [Row]

    init(messages: [Message], rows: [Row]) {
        self.messages = messages
        self.rows = rows
    }

    /// Items made elsewhere (a page of a streamed transcript, a lone header), to render them.
    public init(_ items: some Sequence<LayoutItem>) {
        var messages: [Message] = []
        var rows: [Row] = []
        rows.reserveCapacity(items.underestimatedCount)
        for item in items {
            switch item {
            case .sectionHeader(let time):
                rows.append(.sectionHeader(time))
            case .message(let message, let position, let spacing):
                rows.append(.message(index: messages.count, position: position, spacingBefore: spacing))
                messages.append(message)
            }
        }
        self.init(messages: messages, rows: rows)
    }

    /// So tests can write the expected items as a literal and compare with `==`.
    public init(arrayLiteral items: LayoutItem...) {
        self.init(items)
    }

    public var startIndex: Int { rows.startIndex }
    public var endIndex: Int { rows.endIndex }

    /// Makes the item from its row on each read, so only the items actually read are built.
    public subscript(position: Int) -> LayoutItem {
        switch rows[position] {
        case .sectionHeader(let time):
            .sectionHeader(time)
        case .message(let index, let clusterPosition, let spacing):
            .message(messages[index], position: clusterPosition, spacingBefore: spacing)
        }
    }

    /// The same items in the same order, however each was stored.
    public static func == (lhs: LayoutItems, rhs: LayoutItems) -> Bool {
        lhs.elementsEqual(rhs)
    }

    /// The items as an array would print them, for test failures and debugging.
    public var description: String { Array(self).description }
}
