import GRDB
import Testing

@testable import BanterStore

/// Paging must cost the same at any depth: each page query is one range search of the
/// `(conversation_id, sent_at, id)` index, with no table scan and no sort.
@Suite("Query plans")
struct QueryPlanTests {
    @Test(arguments: ["latest", "before", "after", "first", "latestFromSender"])
    func pagingUsesTheIndex(query: String) throws {
        let (sql, arguments): (String, StatementArguments) =
            switch query {
            case "latest": (MessageSQL.latest, [1, 50])
            case "before": (MessageSQL.before, [1, 1_000, 5, 50])
            case "first": (MessageSQL.first, [1, 50])
            case "latestFromSender": (MessageSQL.latestFromSender, [1, "me", nil as String?])
            default: (MessageSQL.after, [1, 1_000, 5, 50])
            }
        let store = try ChatStore(path: ":memory:")
        let plan = try store.dbQueue.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                .map { row -> String in row["detail"] }
        }
        #expect(plan.count == 1, "\(query): \(plan)")
        #expect(
            plan.allSatisfy {
                $0.hasPrefix("SEARCH messages USING INDEX messages_by_conversation_time (conversation_id=?")
            }, "\(query): \(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") || $0.hasPrefix("SCAN") }, "\(query): \(plan)")
    }
}
