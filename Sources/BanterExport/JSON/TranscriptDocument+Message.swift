extension TranscriptDocument {
    /// One message, its text exactly as stored (JSON escapes what needs escaping).
    public struct MessageEntry: Hashable, Sendable, Codable {
        /// The id in the exporting database; referenced by the layout, and on import only
        /// used to order messages sent at the same millisecond. Optional on import.
        public var id: Int64?
        /// "me", "them" or "system".
        public var sender: String
        public var text: String
        /// ISO 8601 in UTC with milliseconds: "2026-11-20T14:05:00.000Z". On import any
        /// offset ("+01:00") and zero to three fraction digits are accepted.
        public var sentAt: String
        /// The same instant in milliseconds since 1970; optional on import, and when
        /// present it must agree with `sentAt`.
        public var sentAtMilliseconds: Int64?
        /// "sending", "sent", "delivered" or "read"; optional on import ("sent").
        public var status: String?

        public init(id: Int64?, sender: String, text: String, sentAt: String, sentAtMilliseconds: Int64?, status: String?) {
            self.id = id
            self.sender = sender
            self.text = text
            self.sentAt = sentAt
            self.sentAtMilliseconds = sentAtMilliseconds
            self.status = status
        }

        enum CodingKeys: String, CodingKey {
            case id, sender, text, status
            case sentAt = "sent_at"
            case sentAtMilliseconds = "sent_at_ms"
        }
    }
}
