/// Wall-clock time of a piece of work on the monotonic clock.
enum Stopwatch {
    /// The seconds `body` took.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return (ContinuousClock.now - start).seconds
    }
}

extension Duration {
    /// The duration as floating-point seconds, for statistics.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
