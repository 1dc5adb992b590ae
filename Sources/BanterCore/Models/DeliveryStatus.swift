/// How far a sent message has travelled, shown under the last sent message.
/// The cases are ordered: a status only ever moves forward.
public enum DeliveryStatus: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case sending, sent, delivered, read

    public static func < (lhs: DeliveryStatus, rhs: DeliveryStatus) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
