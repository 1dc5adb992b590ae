import Synchronization

/// Numbers that stand for participant names, one per distinct name this process has seen,
/// so grouping tells two messages' senders apart by comparing two integers kept inline in
/// each message (`Message.participantKey`) rather than two names read from their boxed
/// extras: a group's layout costs what a two-party one does. The numbers mean nothing
/// outside the process and are never stored; the table only grows, by one entry per name.
@usableFromInline package enum ParticipantKeys {
    /// The key of a message that names no participant (every two-party message).
    @usableFromInline package static let none: UInt32 = 0
    /// The key of names met once every other number was taken (after four billion distinct
    /// names): two such keys say nothing, and the names are compared instead.
    @usableFromInline package static let unnumbered = UInt32.max

    private static let numbers = Mutex<[String: UInt32]>([:])

    /// The number of `name` (`none` for nil), the same every time in this process.
    static func key(for name: String?) -> UInt32 {
        guard let name else { return none }
        return numbers.withLock { numbers in
            if let key = numbers[name] { return key }
            guard numbers.count < Int(unnumbered) - 1 else { return unnumbered }
            let key = UInt32(numbers.count + 1)
            numbers[name] = key
            return key
        }
    }

    /// Whether keys `a` and `b` stand for the same participant, or both for none;
    /// `sameNames` compares the names when the keys cannot tell.
    @inlinable
    package static func same(_ a: UInt32, _ b: UInt32, sameNames: () -> Bool) -> Bool {
        a == b && (a != unnumbered || sameNames())
    }
}
