/// The per-conversation rules that turn a flat list of messages into sections and clusters.
public struct GroupingRules: Hashable, Sendable, Codable {
    /// A message more than this after the previous one (strictly) starts a new section.
    package var sectionGap: Duration
    /// Consecutive messages from one sender at most this far apart (inclusive) form a cluster.
    package var clusterGap: Duration
    /// How section headers read; see `HeaderFormatter` for the placeholders.
    package var headerPattern: String

    public static let defaultSectionGap: Duration = .seconds(3600)
    public static let defaultClusterGap: Duration = .seconds(20)
    public static let defaultHeaderPattern = "{day} {time}"

    public init(
        sectionGap: Duration = GroupingRules.defaultSectionGap,
        clusterGap: Duration = GroupingRules.defaultClusterGap,
        headerPattern: String = GroupingRules.defaultHeaderPattern
    ) {
        self.sectionGap = sectionGap
        self.clusterGap = clusterGap
        self.headerPattern = headerPattern
    }

    enum CodingKeys: String, CodingKey { case sectionGapMilliseconds, clusterGapMilliseconds, headerPattern }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sectionGap = .milliseconds(try container.decode(Int64.self, forKey: .sectionGapMilliseconds))
        clusterGap = .milliseconds(try container.decode(Int64.self, forKey: .clusterGapMilliseconds))
        headerPattern = try container.decode(String.self, forKey: .headerPattern)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sectionGap.wholeMilliseconds, forKey: .sectionGapMilliseconds)
        try container.encode(clusterGap.wholeMilliseconds, forKey: .clusterGapMilliseconds)
        try container.encode(headerPattern, forKey: .headerPattern)
    }
}
