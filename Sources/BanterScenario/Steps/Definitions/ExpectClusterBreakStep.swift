import BanterLua
import BanterScript

/// `expect_cluster_break()`: the next message starts a new cluster.
struct ExpectClusterBreakStep: NextMessageExpectation {
    static let function = APIFunction("expect_cluster_break", doc: "The next message starts a new cluster.")

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ExpectClusterBreakStep {
        ExpectClusterBreakStep()
    }

    var unmet: String { "expected the next message to start a new cluster" }

    func check(_ next: NextMessage, in runner: ScenarioRunner) -> String? {
        guard next.continuesCluster else { return nil }
        return "expected \(next.quoted) to start a new cluster, but it continues the cluster of \(next.previousQuoted)"
    }
}
