extension TranscriptDocument {
    /// The grouping rules. The gaps are written twice: in the notation users type ("1h",
    /// "20s", read by `DurationParser`) and in milliseconds for programs; on import the
    /// notation is required and the milliseconds, when present, must agree with it.
    struct RulesInfo: Hashable, Sendable, Codable {
        var sectionGap: String
        var sectionGapMilliseconds: Int64?
        var clusterGap: String
        var clusterGapMilliseconds: Int64?
        var headerPattern: String

        init(
            sectionGap: String, sectionGapMilliseconds: Int64?, clusterGap: String,
            clusterGapMilliseconds: Int64?, headerPattern: String
        ) {
            self.sectionGap = sectionGap
            self.sectionGapMilliseconds = sectionGapMilliseconds
            self.clusterGap = clusterGap
            self.clusterGapMilliseconds = clusterGapMilliseconds
            self.headerPattern = headerPattern
        }

        enum CodingKeys: String, CodingKey {
            case sectionGap = "section_gap"
            case sectionGapMilliseconds = "section_gap_ms"
            case clusterGap = "cluster_gap"
            case clusterGapMilliseconds = "cluster_gap_ms"
            case headerPattern = "header_pattern"
        }
    }
}
