import BanterLua
import BanterScript

/// `expect_same_cluster()`: the next message continues the previous message's cluster.
struct ExpectSameClusterStep: NextMessageExpectation {
    static let function = APIFunction(
        "expect_same_cluster", doc: "The next message continues the previous message's cluster.")

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectSameClusterStep {
        ExpectSameClusterStep()
    }

    var unmet: String { "expected the next message to continue the cluster" }

    func check(_ next: NextMessage, in runner: ScenarioRunner) -> String? {
        guard !next.continuesCluster else { return nil }
        return "expected \(next.quoted) to continue the cluster of \(next.previousQuoted), but it starts a new one"
    }
}
