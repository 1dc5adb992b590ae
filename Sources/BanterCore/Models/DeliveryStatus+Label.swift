extension DeliveryStatus {
    /// The words shown under the last sent message, the same in the terminal and in exports.
    package var label: String {
        switch self {
        case .sending: "Sending…"
        case .sent: "Sent ✓"
        case .delivered: "Delivered ✓✓"
        case .read: "Read ✓✓"
        }
    }
}
