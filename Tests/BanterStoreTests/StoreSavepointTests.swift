import BanterCore
import Testing

@testable import BanterStore

/// Going back to a savepoint of a reused in-memory store (`ChatStore.savepoint`): the
/// content as it was there, ids and search index included, as often as asked, with a
/// savepoint marked later nested inside it.
@Suite struct StoreSavepointTests {
    let tests = InMemoryTemplateTests()

    @Test func rollingBackPutsTheContentBackAsOftenAsAsked() throws {
        let template = try InMemoryTemplate()
        let store = try template.makeReusedStore()
        let conversation = try store.createConversation(title: "crawl", createdAt: tests.start)
        let opening = try #require(try store.savepoint("opening"))
        let atOpening = try InMemoryTemplateTests.contents(of: store)

        let first = try tests.fill(store)
        let afterFill = try InMemoryTemplateTests.contents(of: store)
        let parting = try #require(try store.savepoint("parting"))
        _ = try tests.fill(store, title: "later")
        #expect(try store.search("cafe").count == 4)

        try store.rollBack(to: parting)
        #expect(try InMemoryTemplateTests.contents(of: store) == afterFill)
        // The search index was built after the savepoint: the rollback undid it, and the
        // next search builds it again.
        #expect(try store.search("cafe").count == 2)

        for _ in 0..<2 {
            try store.rollBack(to: opening)
            #expect(try InMemoryTemplateTests.contents(of: store) == atOpening)
            #expect(try tests.fill(store).map(\.id) == first.map(\.id))
        }
        #expect(try store.conversation(titled: "crawl")?.id == conversation.id)
    }

    @Test func aStoreOutsideATransactionHasNoSavepoints() throws {
        #expect(try ChatStore(path: ":memory:").savepoint("opening") == nil)
        #expect(try InMemoryTemplate().makeStore().savepoint("opening") == nil)
    }
}
