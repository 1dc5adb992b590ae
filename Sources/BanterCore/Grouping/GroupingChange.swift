/// A partial change of the grouping rules, as `/grouping` in the REPL and `grouping {}` in
/// scenarios and bots write it: the rules it leaves out stay as they are.
package struct GroupingChange: Hashable, Sendable {
    package var sectionGap: Duration?
    package var clusterGap: Duration?
    package var headerPattern: String?
    /// Back to the product's defaults first (`/grouping reset`).
    package var resetsToDefaults: Bool

    package init(
        sectionGap: Duration? = nil, clusterGap: Duration? = nil, headerPattern: String? = nil,
        resetsToDefaults: Bool = false
    ) {
        self.sectionGap = sectionGap
        self.clusterGap = clusterGap
        self.headerPattern = headerPattern
        self.resetsToDefaults = resetsToDefaults
    }

    /// A bare `/grouping`, which only shows the rules.
    package var isEmpty: Bool {
        sectionGap == nil && clusterGap == nil && headerPattern == nil && !resetsToDefaults
    }

    /// `rules` with this change applied.
    package func applied(to rules: GroupingRules) -> GroupingRules {
        var result = resetsToDefaults ? GroupingRules() : rules
        if let sectionGap { result.sectionGap = sectionGap }
        if let clusterGap { result.clusterGap = clusterGap }
        if let headerPattern { result.headerPattern = headerPattern }
        return result
    }

    /// The rules as the `/grouping` command writes them, so the line can be typed back.
    package static func describe(_ rules: GroupingRules) -> String {
        "section=\(DurationParser.format(rules.sectionGap)) cluster=\(DurationParser.format(rules.clusterGap)) "
            + "header=\"\(rules.headerPattern)\""
    }
}
