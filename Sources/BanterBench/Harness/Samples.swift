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

    /// Measures two quantities taken turn about, in the order A B B A A B B A …, after
    /// `warmUp` unmeasured rounds of both: for a figure that is the ratio of the two, so that
    /// a machine that slows down or speeds up during the run (another process starting, the
    /// host's clock changing) weighs on both alike instead of on whichever ran later.
    static func collectInterleaved(
        warmUp: Int = 1, count: Int, _ first: () throws -> Double, _ second: () throws -> Double
    ) rethrows -> PairedSamples {
        for _ in 0..<warmUp {
            _ = try first()
            _ = try second()
        }
        var firstSeconds: [Double] = []
        var secondSeconds: [Double] = []
        for round in 0..<count {
            if round.isMultiple(of: 2) {
                firstSeconds.append(try first())
                secondSeconds.append(try second())
            } else {
                secondSeconds.append(try second())
                firstSeconds.append(try first())
            }
        }
        return PairedSamples(first: Samples(seconds: firstSeconds), second: Samples(seconds: secondSeconds))
    }

    var median: Double {
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    var minimum: Double { seconds.min() ?? 0 }

    var medianMilliseconds: Double { median * 1_000 }
}

/// Two quantities measured turn about (`Samples.collectInterleaved`): the samples of each,
/// and their ratio taken pair by pair.
struct PairedSamples: Sendable {
    var first: Samples
    var second: Samples

    /// Each pair's first ÷ second: the two halves of a pair ran seconds apart, so a drift of
    /// the machine's speed during the run cancels out of each.
    var ratios: [Double] {
        zip(first.seconds, second.seconds).map { $0 / $1 }
    }

    /// The median of `ratios`: the figure's ratio to its baseline. A ratio of the two
    /// medians would mix samples taken minutes apart.
    var medianRatio: Double {
        Samples(seconds: ratios).median
    }
}
