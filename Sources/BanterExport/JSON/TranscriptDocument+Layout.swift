extension TranscriptDocument {
    /// The grouping as the product showed it at export time: sections with their header
    /// text and clusters of message ids. Derived data, for readers of the file.
    public struct LayoutInfo: Hashable, Sendable, Codable {
        /// The time zone the headers were formatted in ("Europe/Paris").
        public var timeZone: String
        /// The "now" the headers were formatted against ("Today", "Yesterday"), ISO 8601.
        public var headersAsOf: String
        /// The message under which the delivery status is shown: the last one the user sent.
        public var statusMessageID: Int64?
        public var sections: [SectionInfo]

        public init(timeZone: String, headersAsOf: String, statusMessageID: Int64?, sections: [SectionInfo]) {
            self.timeZone = timeZone
            self.headersAsOf = headersAsOf
            self.statusMessageID = statusMessageID
            self.sections = sections
        }

        enum CodingKeys: String, CodingKey {
            case sections
            case timeZone = "time_zone"
            case headersAsOf = "headers_as_of"
            case statusMessageID = "status_message_id"
        }
    }

    /// A section: its header as shown and its clusters in order.
    public struct SectionInfo: Hashable, Sendable, Codable {
        public var header: String
        /// The time of the section's first message, ISO 8601.
        public var startsAt: String
        public var clusters: [ClusterInfo]

        public init(header: String, startsAt: String, clusters: [ClusterInfo]) {
            self.header = header
            self.startsAt = startsAt
            self.clusters = clusters
        }

        enum CodingKeys: String, CodingKey {
            case header, clusters
            case startsAt = "starts_at"
        }
    }

    /// Consecutive messages of one sender shown without a gap.
    public struct ClusterInfo: Hashable, Sendable, Codable {
        public var sender: String
        public var messageIDs: [Int64]

        public init(sender: String, messageIDs: [Int64]) {
            self.sender = sender
            self.messageIDs = messageIDs
        }

        enum CodingKeys: String, CodingKey {
            case sender
            case messageIDs = "message_ids"
        }
    }
}
