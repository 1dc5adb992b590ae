import BanterCore

extension DeliveryStatus {
    /// The status as the transcript shows it under the last sent message, the same words
    /// the terminal uses.
    public var exportLabel: String {
        switch self {
        case .sending: return "Sending…"
        case .sent: return "Sent ✓"
        case .delivered: return "Delivered ✓✓"
        case .read: return "Read ✓✓"
        }
    }
}
