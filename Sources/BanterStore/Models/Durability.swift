/// How much a committed write survives, traded against the cost of one send.
package enum Durability: Sendable, Hashable {
    /// WAL with `synchronous = NORMAL`: a commit is in the WAL before the call returns, so a
    /// killed or crashed process loses nothing; an OS crash or power cut may lose the last
    /// commits. About ten times faster per send than `.powerLoss` (no fsync per commit).
    case processCrash
    /// WAL with `synchronous = FULL`: every commit is fsynced, so it also survives an OS
    /// crash or a power cut.
    case powerLoss

    var synchronousMode: String {
        switch self {
        case .processCrash: "NORMAL"
        case .powerLoss: "FULL"
        }
    }
}
