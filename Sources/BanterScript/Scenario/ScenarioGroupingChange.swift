import BanterCore

/// A partial change of the grouping rules written in a scenario (`grouping { cluster_gap = "1m" }`):
/// only the rules given change.
public struct ScenarioGroupingChange: Hashable, Sendable {
    public var sectionGap: Duration?
    public var clusterGap: Duration?
    public var headerPattern: String?

    public init(sectionGap: Duration? = nil, clusterGap: Duration? = nil, headerPattern: String? = nil) {
        self.sectionGap = sectionGap
        self.clusterGap = clusterGap
        self.headerPattern = headerPattern
    }

    /// `rules` with this change applied.
    public func applied(to rules: GroupingRules) -> GroupingRules {
        var result = rules
        if let sectionGap { result.sectionGap = sectionGap }
        if let clusterGap { result.clusterGap = clusterGap }
        if let headerPattern { result.headerPattern = headerPattern }
        return result
    }
}
