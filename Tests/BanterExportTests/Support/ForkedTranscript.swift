import BanterCore
import BanterTestSupport
import Foundation

@testable import BanterExport

/// A conversation that forked, as `ChatStore.branchTree` describes it (the store's own tests
/// check that it builds such trees): dinner with Alisha, where
/// - branch 1 "main" is the straight line: pizza is offered, sushi is chosen;
/// - branch 2, labelled with hostile text, says yes to pizza (forked at the offer);
/// - branch 3 asks Alisha again for her answer on branch 2 (a nested fork, the current one);
/// - branch 4 was forked at "Sure, where?" and nothing was written on it;
/// - branch 5 answers the first message hours later, in a section of its own;
/// - branch 6 goes on from "Sure, where?" within seconds, in the same cluster.
enum ForkedTranscript {
    static let conversation = Conversation(
        id: 9, title: "Dinner?", botScriptPath: "examples/bots/alisha.lua", rules: GroupingRules(),
        createdAt: ReferenceDay.at(dayOffset: 0, 18, 0))

    /// Each lane's messages (nil: the first branch's), in layout order.
    static let lanes: [Int64?: [Message]] = [
        nil: [
            message(1, .them, "Hey! Dinner tonight?", 19, 0, 0),
            message(2, .me, "Sure, where?", 19, 0, 20),
            message(3, .them, "Pizza at Luigi's?", 19, 0, 30),
            message(4, .me, "I'd rather have sushi", 19, 1, 0),
            message(5, .them, "Sushi it is 🍣", 19, 1, 10),
        ],
        2: [message(6, .me, "Pizza sounds great!", 19, 5, 0), message(7, .them, "See you at 8 then", 19, 5, 10)],
        3: [message(8, .them, "Perfect, I'll book a table <for two>", 19, 6, 0)],
        5: [message(9, .me, "Not tonight, sorry", 21, 30, 0)],
        6: [message(10, .me, "Actually, tomorrow?", 19, 0, 25)],
    ]

    static let branches = [
        Branch(storedID: 1, number: 1, name: "main", forkMessageID: nil, ownMessageCount: 5),
        Branch(storedID: 2, number: 2, name: "say \"yes\" <now>", forkMessageID: 3, ownMessageCount: 2),
        Branch(storedID: 3, number: 3, name: nil, forkMessageID: 6, ownMessageCount: 1),
        Branch(storedID: 4, number: 4, name: "empty", forkMessageID: 2, ownMessageCount: 0),
        Branch(storedID: 5, number: 5, name: nil, forkMessageID: 1, ownMessageCount: 1),
        Branch(storedID: 6, number: 6, name: nil, forkMessageID: 2, ownMessageCount: 1),
    ]

    /// Branch 3 shown: at "Hey!" and "Sure, where?" the first branch goes on, at the pizza
    /// offer branch 2 does, and at its "Pizza sounds great!" branch 3.
    static let tree = BranchTree(
        stretch: stretch(nil, through: 1),
        fork: fork(
            shown: 0,
            way(
                2, branch: 1, stretch(nil, after: 1, through: 2),
                fork(
                    shown: 0,
                    way(
                        3, branch: 1, stretch(nil, after: 2, through: 3),
                        fork(
                            shown: 1, way(4, branch: 1, stretch(nil, after: 3)),
                            way(
                                6, branch: 2, stretch(2, through: 6),
                                fork(
                                    shown: 1, way(7, branch: 2, stretch(2, after: 6)),
                                    way(8, branch: 3, stretch(3)))))),
                    way(10, branch: 6, stretch(6)),
                    BranchTree.Alternative(first: nil, branches: [branches[3]], tree: nil))),
            way(9, branch: 5, stretch(5))))

    /// The current branch's status is under its last message of mine.
    static let statusMessageID: Int64 = 6

    /// The page, each stretch read `pageSize` messages at a time; `participants` for a group.
    static func html(
        pageSize: Int = 1000, tree: BranchTree = tree, lanes: [Int64?: [Message]] = lanes,
        participants: [Participant] = []
    ) -> String {
        var writer = TranscriptWriter(
            format: .html, conversation: conversation, participant: ReferenceTranscript.participant,
            headerFormatter: ReferenceDay.formatter, now: ReferenceDay.now, statusMessageID: statusMessageID,
            participants: participants, drawsEveryBranch: true)
        var file = ""
        var output = ""
        writer.add(tree, read: { read($0, in: lanes, limit: pageSize) }, into: &output) { text in
            file += text
            text.removeAll()
        }
        writer.finish(into: &output)
        return file + output
    }

    /// The next messages of `stretch`, as the store reads them.
    static func read(_ stretch: BranchTree.Stretch, in lanes: [Int64?: [Message]], limit: Int) -> [Message] {
        Array((lanes[stretch.lane] ?? []).filter { stretch.holds(BranchTree.Position(of: $0)) }.prefix(limit))
    }

    private static func message(
        _ id: Int64, _ sender: Sender, _ text: String, _ hour: Int64, _ minute: Int64, _ second: Int64
    ) -> Message {
        Message(
            id: id, conversationID: conversation.id, sender: sender, text: text,
            sentAt: ReferenceDay.at(dayOffset: 0, hour, minute, second), status: id == 6 ? .delivered : .sent)
    }

    private static func position(_ id: Int64) -> BranchTree.Position {
        BranchTree.Position(of: lanes.values.joined().first { $0.id == id }!)
    }

    private static func stretch(_ lane: Int64?, after: Int64? = nil, through: Int64? = nil) -> BranchTree.Stretch {
        BranchTree.Stretch(lane: lane, after: after.map(position), through: through.map(position))
    }

    private static func fork(shown: Int, _ alternatives: BranchTree.Alternative...) -> BranchTree.Fork {
        BranchTree.Fork(alternatives: alternatives, shown: shown)
    }

    /// The alternative starting with message `first`, written on branch `branch`.
    private static func way(_ first: Int64, branch: Int, _ stretch: BranchTree.Stretch, _ fork: BranchTree.Fork? = nil)
        -> BranchTree.Alternative
    {
        BranchTree.Alternative(
            first: lanes.values.joined().first { $0.id == first }, branches: [branches[branch - 1]],
            tree: BranchTree(stretch: stretch, fork: fork))
    }
}
