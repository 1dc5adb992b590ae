import GRDB
import Testing

@testable import BanterStore

/// Paging must cost the same at any depth: each page query is one range search of an
/// index per branch segment, with no table scan and no sort.
@Suite("Query plans")
struct QueryPlanTests {
    @Test(arguments: ["latest", "after", "newest", "newestFromSender", "oldest", "insertedAfter"])
    func pagingUsesTheIndex(query: String) throws {
        let (sql, arguments, index): (String, StatementArguments, String) =
            switch query {
            case "latest": (MessageSQL.latest, [1, 50], "messages_by_conversation_time (conversation_id=?")
            case "after": (MessageSQL.after, [1, 1_000, 5, 50], "messages_by_conversation_time (conversation_id=?")
            case "newest": (BranchPath.newestSQL, [1, 3, 1_000, 5, 5, 50], "messages_by_branch (conversation_id=?")
            case "newestFromSender":
                (
                    BranchPath.newestFromSenderSQL, [1, nil as Int64?, 1_000, 5, 5, "me", nil as String?, 1],
                    "messages_by_branch (conversation_id=?"
                )
            case "oldest":
                (BranchPath.oldestSQL, [1, 3, 0, 0, 1_000, 5, 5, 50], "messages_by_branch (conversation_id=?")
            default: (MessageSQL.insertedAfter, [1, 5, nil as Int64?, 50], "messages USING INTEGER PRIMARY KEY")
            }
        let store = try ChatStore(path: ":memory:")
        let plan = try store.dbQueue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                .map { row -> String in row["detail"] }
        }
        #expect(plan.count == 1, "\(query): \(plan)")
        #expect(plan.allSatisfy { $0.hasPrefix("SEARCH ") && $0.contains(index) }, "\(query): \(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") || $0.hasPrefix("SCAN") }, "\(query): \(plan)")
    }
}
