import BanterChat
import BanterCore
import Testing

@testable import BanterTerminal

@Suite struct BranchCommandTests {
    private func parse(_ line: String) throws -> (any ReplCommandDefinition)? {
        if case .command(let command) = try ReplInput.parse(line) { return command }
        return nil
    }

    @Test func branchCommandsParse() throws {
        #expect(try parse("/fork") as? ForkCommand == ForkCommand(reference: .newest))
        #expect(try parse("/fork -3") as? ForkCommand == ForkCommand(reference: .newestBut(3)))
        #expect(try parse("/fork #12") as? ForkCommand == ForkCommand(reference: .id(12)))
        #expect(try parse("/branch says no") as? BranchCommand == BranchCommand(label: "says no"))
        #expect(try parse("/switch 2") as? SwitchCommand == SwitchCommand(reference: "2"))
        #expect(try parse("/tree") as? TreeCommand == TreeCommand())
        #expect(try parse("/retry") as? RetryCommand == RetryCommand())
        #expect(try parse("/sibling next") as? SiblingCommand == SiblingCommand(forward: true))
        #expect(try parse("/sibling prev") as? SiblingCommand == SiblingCommand(forward: false))
        #expect(
            try parse("/edit -2 --branch no thanks") as? EditCommand
                == EditCommand(reference: .newestBut(2), text: "no thanks", branches: true))
        #expect(try parse("/edit --branches") as? EditCommand == EditCommand(reference: .newest, text: "--branches"))
        for (line, message) in [
            ("/fork soon", "/fork takes only a message reference (-N or #ID), not \"soon\""),
            ("/branch", "/branch needs a name for the current branch"),
            ("/switch", "/switch needs a branch name or number (see /tree)"),
            ("/tree all", "/tree takes no arguments"),
            ("/sibling up", "/sibling takes next or prev, not \"up\""),
            ("/edit --branch", "/edit needs the new text"),
        ] {
            #expect(throws: CommandError.self, "\(line)") { try ReplInput.parse(line) }
            do {
                _ = try ReplInput.parse(line)
            } catch {
                #expect(error.message == message, "\(line)")
            }
        }
    }

    @Test func theTreeDrawsEveryBranchUnderTheOneItGrewFrom() {
        let branches = [
            Branch(storedID: 1, number: 1, name: "main", forkMessageID: nil, ownMessageCount: 12),
            Branch(storedID: 2, number: 2, name: "says no", forkMessageID: 5, parentNumber: 1, ownMessageCount: 3),
            Branch(storedID: 3, number: 3, name: nil, forkMessageID: 14, parentNumber: 2, ownMessageCount: 1),
            Branch(storedID: 4, number: 4, name: nil, forkMessageID: 7, parentNumber: 1, ownMessageCount: 0),
        ]
        let excerpts: [Int64: String] = [
            5: "Do you want to come to the party on Friday?", 14: "no thanks", 7: "ok",
        ]
        let lines = TreeCommand.lines(branches, current: 3, excerpts: excerpts)
        #expect(
            lines.map(\.text) == [
                "1 \"main\", 12 messages",
                "├─ 2 \"says no\" from #5 “Do you want to come”, 3 messages",
                "│  └─ 3 from #14 “no thanks”, 1 message  ← current",
                "└─ 4 from #7 “ok”, 0 messages",
            ])
        #expect(lines.map(\.isCurrent) == [false, false, true, false])
    }
}
