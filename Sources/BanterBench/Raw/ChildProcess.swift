import Foundation

/// Runs another program as a whole process, for start-up time, peak memory and the
/// command-line baselines (`sqlite3`, `lua5.4`).
enum ChildProcess {
    /// What one run cost.
    struct Run {
        var seconds: Double
        /// User and system CPU time of the child and of every process it waited for (its
        /// workers): far less noisy than wall time on a shared machine.
        var cpuSeconds: Double = 0
        /// What the child printed on standard output, when captured.
        var output: String
    }

    /// Runs `executable` (looked up in PATH when it has no slash) with `arguments`, standard
    /// input from `inputPath` (or /dev/null) and standard output discarded unless
    /// `captureOutput`. Fails when the program exits unsuccessfully, with its error output.
    static func run(
        _ executable: String, _ arguments: [String], inputPath: String = "/dev/null", captureOutput: Bool = false
    ) throws -> Run {
        let errorPath = NSTemporaryDirectory() + "/banter-bench-stderr-\(getpid())"
        let outputPath = captureOutput ? NSTemporaryDirectory() + "/banter-bench-stdout-\(getpid())" : "/dev/null"
        defer {
            unlink(errorPath)
            if captureOutput { unlink(outputPath) }
        }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchError("could not start \(executable): \(String(cString: strerror(spawned))); is it installed?")
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 {
            guard errno == EINTR else {
                throw BenchError("waiting for \(executable) failed: \(String(cString: strerror(errno)))")
            }
        }
        let seconds = (ContinuousClock.now - start).seconds
        func total(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        let cpuSeconds = total(usage.ru_utime) + total(usage.ru_stime)

        let exitedCleanly = (status & 0x7f) == 0 && ((status >> 8) & 0xff) == 0
        guard exitedCleanly else {
            let errors = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
            throw BenchError("\(executable) \(arguments.joined(separator: " ")) failed (status \(status)): \(errors)")
        }
        let output = captureOutput ? ((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "") : ""
        return Run(seconds: seconds, cpuSeconds: cpuSeconds, output: output)
    }

    /// The peak resident set size of one run, in bytes, as GNU time reports it.
    ///
    /// Not `ru_maxrss` of a child spawned from here: `posix_spawn` starts the child in this
    /// process's address space (vfork), and Linux carries that high-water mark across
    /// `execve`, so every child would look at least as big as the benchmark itself. GNU time
    /// forks from its own small process, so the figure is the program's alone.
    static func peakResidentBytes(_ executable: String, _ arguments: [String]) throws -> Int {
        try timedWithPeakMemory(executable, arguments).peakBytes
    }

    /// One whole run's wall-clock time and peak resident set size together, measured under
    /// GNU time (whose own start-up, about a millisecond, is inside the time): for runs that
    /// take seconds, where a second run only to measure memory would double the cost.
    static func timedWithPeakMemory(_ executable: String, _ arguments: [String], inputPath: String = "/dev/null") throws
        -> (seconds: Double, peakBytes: Int)
    {
        let reportPath = NSTemporaryDirectory() + "/banter-bench-rss-\(getpid())"
        defer { unlink(reportPath) }
        let run = try run(
            "/usr/bin/time", ["-f", "%M", "-o", reportPath, executable] + arguments, inputPath: inputPath)
        let report = (try? String(contentsOfFile: reportPath, encoding: .utf8)) ?? ""
        guard let kibibytes = report.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw BenchError("GNU time (/usr/bin/time, Debian package `time`) reported no memory figure: \"\(report)\"")
        }
        return (run.seconds, kibibytes * 1_024)
    }

    /// The `banter` executable next to this one (`scripts/bench` builds both into the same
    /// folder), or an error saying how to build it.
    static func banterExecutable() throws -> String {
        let folder = URL(fileURLWithPath: try currentExecutable()).deletingLastPathComponent()
        let path = folder.appendingPathComponent("banter").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchError("no banter executable at \(path): build it into the same folder (scripts/bench does)")
        }
        return path
    }

    /// The absolute path of the running executable, to start it again as a child.
    static func currentExecutable() throws -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { throw BenchError("could not read /proc/self/exe: \(String(cString: strerror(errno)))") }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
