import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// `branch "NAME" { … }`: the collector's tree of steps, each leaf's steps (the shared
/// prefix, then every branch on the way), and the errors a wrongly written branch gives.
extension ScenarioScriptTests {
    private func texts(_ steps: [ScenarioStep]) -> [String] {
        steps.compactMap { ($0.action as? MeStep)?.text }
    }

    @Test func eachLeafIsThePrefixThenTheBranchesOnTheWay() throws {
        let script = try load(
            """
            scenario {}
            me "hello"
            branch "yes" {
              me "yes",
              branch "again" { me "again" },
              branch "stop" (function()
                me "stop"
                me "bye"
              end),
            }
            branch "no" { me "no thanks" }
            """)
        #expect(script.leaves.map(\.name) == ["yes › again", "yes › stop", "no"])
        #expect(script.leaves.map(\.names) == [["yes", "again"], ["yes", "stop"], ["no"]])
        #expect(
            script.leaves.map { texts($0.steps) } == [
                ["hello", "yes", "again"], ["hello", "yes", "stop", "bye"], ["hello", "no thanks"],
            ])
        #expect(script.leaves[1].steps.map(\.location.line) == [2, 4, 7, 8])
        // The first leaf runs until another is selected.
        #expect(texts(script.steps) == ["hello", "yes", "again"])
        try script.select(leaf: "no")
        #expect(script.leaf?.name == "no")
        #expect(texts(script.steps) == ["hello", "no thanks"])
        #expect(throws: (any Error).self) { try script.select(leaf: "maybe") }
    }

    @Test func aScenarioWithoutBranchesHasNoLeaves() throws {
        let script = try load("scenario {}\nme \"a\"\nme \"b\"")
        #expect(script.leaves.isEmpty)
        #expect(script.leaf == nil)
        #expect(texts(script.steps) == ["a", "b"])
    }

    @Test(arguments: [
        ("branch \"a\"", "talk.lua:3: branch \"a\" (line 3) never got its steps"),
        ("branch() { me \"x\" }", "talk.lua:3: branch: give the branch a name"),
        ("branch \"  \" { me \"x\" }", "talk.lua:3: branch: the name is empty"),
        (
            "branch \"a\" { me \"x\" }\nbranch \"a\" { me \"y\" }",
            "talk.lua:4: branch \"a\": a branch of that name is already at line 3"
        ),
        ("branch \"a\" {}", "talk.lua:3: branch \"a\" has no steps"),
        (
            "branch \"a\" { me \"x\" }\nme \"after\"",
            "talk.lua:4: me: a step after branch \"a\" (line 3) at the same level"
        ),
        ("branch \"a\" { me \"x\", branch \"b\" }", "talk.lua:3: branch \"b\" (line 3) never got its steps"),
        ("branch \"a\" \"b\"", "talk.lua:3: branch \"a\": give its steps in braces"),
        ("branch \"a/b\" { me \"x\" }", "talk.lua:3: branch \"a/b\": a name may not hold"),
        ("local b = branch \"a\"\nb { me \"x\" }\nb {}", "talk.lua:5: branch: its steps were already given"),
    ])
    func badBranchesAreOneErrorAtTheirLine(branches: String, expected: String) throws {
        let message = try #require(loadError("scenario {}\nme \"hi\"\n" + branches))
        #expect(message.hasPrefix(expected), "\(message)")
    }

    @Test func aBranchBeforeTheDeclarationSaysToDeclareFirst() throws {
        let message = try #require(loadError("branch \"a\" { }\nscenario {}"))
        #expect(message.contains("branch: declare the scenario first"), "\(message)")
    }
}
