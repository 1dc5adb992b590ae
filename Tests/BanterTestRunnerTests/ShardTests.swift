import Testing

@testable import BanterTestRunner

/// Sharding: N shards together take every scenario exactly once, stay balanced, and refuse
/// values that name no shard.
@Suite struct ShardTests {
    /// Scenario lists that grow and shrink the way a suite does over time.
    static let suites: [[String]] = {
        var suites: [[String]] = [[], ["a.lua"]]
        var files = (1...7).map { "s/\($0).lua" }
        suites.append(files)
        files += (8...40).map { "t/\($0).lua" }
        suites.append(files)
        files.removeSubrange(3..<9)
        suites.append(files)
        files.insert("s/0-first.lua", at: 0)
        suites.append(files)
        return suites
    }()

    @Test(arguments: [1, 2, 3, 4, 7])
    func shardsAreCompleteDisjointAndBalanced(count: Int) throws {
        for files in Self.suites {
            let shares = try (1...count).map { try Shard(index: $0, count: count).select(files) }
            let all = shares.flatMap { $0 }
            #expect(all.sorted() == files.sorted(), "every file exactly once")
            #expect(Set(all).count == all.count)
            let sizes = shares.map(\.count)
            #expect(sizes.max()! - sizes.min()! <= 1, "balanced: \(sizes)")
            for share in shares {
                #expect(share == files.filter(share.contains), "each share keeps the path order")
            }
            let counted = try (1...count).map { try Shard(index: $0, count: count).shareSize(of: files.count) }
            #expect(counted == sizes, "shareSize says how many select takes")
        }
    }

    @Test func theSameListGivesTheSameShare() throws {
        let shard = try Shard(parsing: "2/3")
        #expect(shard.select(Self.suites[3]) == shard.select(Self.suites[3]))
        #expect(shard.select(["a", "b", "c", "d", "e"]) == ["b", "e"])
    }

    @Test(arguments: [
        ("3/2", "--shard 3/2: the shard must be between 1 and 2 (shards count from 1)"),
        ("0/4", "--shard 0/4: the shard must be between 1 and 4 (shards count from 1)"),
        ("1/0", "--shard 1/0: the number of shards must be at least 1"),
        ("2", "--shard 2: expected K/N, two whole numbers such as 2/4 (the 2nd of 4 shards)"),
        ("a/b", "--shard a/b: expected K/N, two whole numbers such as 2/4 (the 2nd of 4 shards)"),
        ("1/2/3", "--shard 1/2/3: expected K/N, two whole numbers such as 2/4 (the 2nd of 4 shards)"),
    ])
    func badValuesAreRefusedWithAReason(text: String, message: String) {
        #expect(throws: Shard.Invalid(description: message)) { try Shard(parsing: text) }
    }
}
