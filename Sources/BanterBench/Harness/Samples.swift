/// Repeated measurements of one quantity, in seconds: machines are noisy, so every figure is
/// the median of several samples taken after a warm-up, and the minimum is kept beside it.
struct Samples: Sendable {
    private(set) var seconds: [Double]

    /// Runs `body` `warmUp` times unmeasured, then `count` times; `body` returns the seconds
    /// of the part it measured, so it can prepare each sample outside the timed region.
    static func collect(warmUp: Int = 1, count: Int, _ body: () throws -> Double) rethrows -> Samples {
        for _ in 0..<warmUp { _ = try body() }
        var seconds: [Double] = []
        seconds.reserveCapacity(count)
        for _ in 0..<count { seconds.append(try body()) }
        return Samples(seconds: seconds)
    }

    var median: Double {
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    var minimum: Double { seconds.min() ?? 0 }

    var medianMilliseconds: Double { median * 1_000 }
}
