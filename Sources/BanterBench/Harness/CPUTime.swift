import Foundation

/// CPU time of the calling thread, for work compared with an interpreter that can only
/// report its own CPU time (`os.clock`): on a shared machine, CPU time is also far less
/// noisy than wall time.
enum CPUTime {
    /// The seconds of CPU the calling thread spent in `body`.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = now()
        try body()
        return now() - start
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
