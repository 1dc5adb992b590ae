/// One machine's share of a suite split across N machines (`--shard K/N`, a CI job matrix).
///
/// Scenarios are dealt round-robin in the order `banter test` lists them (paths in the
/// order given, each folder's files sorted by path): the i-th scenario (from 0) goes to
/// shard i mod N + 1. Every machine that runs the same command over the same checkout lists
/// the same files, so the N shards together run each scenario exactly once, and their sizes
/// never differ by more than one, however many files are added or removed.
package struct Shard: Hashable, Sendable, CustomStringConvertible {
    /// Which share, from 1.
    package let index: Int
    /// How many shares.
    package let count: Int

    /// Why a `--shard` value is refused.
    package struct Invalid: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// Shard `index` of `count`, counted from 1 as `--shard K/N` writes it; anything else is
    /// refused with the reason, before any scenario runs.
    package init(index: Int, count: Int) throws(Invalid) {
        guard count >= 1 else {
            throw Invalid(description: "--shard \(index)/\(count): the number of shards must be at least 1")
        }
        guard (1...count).contains(index) else {
            throw Invalid(
                description: "--shard \(index)/\(count): the shard must be between 1 and \(count) (shards count from 1)"
            )
        }
        self.index = index
        self.count = count
    }

    /// Reads "K/N", e.g. "2/4".
    package init(parsing text: String) throws(Invalid) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else {
            throw Invalid(
                description: "--shard \(text): expected K/N, two whole numbers such as 2/4 (the 2nd of 4 shards)")
        }
        try self.init(index: index, count: count)
    }

    /// This shard's share of `items`, in their order.
    package func select<Item>(_ items: [Item]) -> [Item] {
        items.enumerated().compactMap { offset, item in offset % count == index - 1 ? item : nil }
    }

    /// How many of `total` items `select` takes.
    package func shareSize(of total: Int) -> Int {
        max(0, (total - index + count) / count)
    }

    package var description: String { "\(index)/\(count)" }
}
