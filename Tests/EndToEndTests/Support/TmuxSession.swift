import Foundation

/// Drives a program in a real terminal (a detached tmux session) the way a person would:
/// type keys, then read what the screen shows.
final class TmuxSession {
    let name: String
    private let socket: String

    /// Starts `command` (one program and its arguments, quoted for `sh`) in a new terminal of
    /// the given size, in `directory` when given.
    init(
        command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:],
        directory: String? = nil
    ) throws {
        name = "banter-e2e-\(UUID().uuidString.prefix(8))"
        socket = NSTemporaryDirectory() + name + ".sock"
        let isolation = "unset BANTER_CONFIG BANTER_THEME; export XDG_CONFIG_HOME=/nonexistent/banter-tests-config; "
        let exports = isolation + environment.map { "export \($0.key)='\($0.value)'; " }.joined()
        // The pane stays, with its last screen, after the program ends (`remain-on-exit`), so
        // a test can read what it printed last and how it exited. A `sleep` after the command
        // did not keep it: Ctrl-C reaches the shell as well, and `sh -c` kills itself with
        // that SIGINT as soon as its child exits, so the pane (and the server with it) closed
        // between two reads. The shell now `exec`s the program, so the pane's process, and
        // the exit status tmux reports, are the program's own.
        try tmux(
            [
                "start-server", ";",
                "set-option", "-g", "remain-on-exit", "on", ";",
                "set-option", "-g", "remain-on-exit-format", "", ";",
                "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
            ]
                + (directory.map { ["-c", $0] } ?? [])
                + ["sh -c \"\(exports)exec \(command)\""])
    }

    /// Ends the terminal and waits (up to 5 s) for the program to be gone: a chat that is hung
    /// up on saves its history as it goes, and must not write it into a test's temporary
    /// folder after the folder was removed (it would stay behind in /tmp).
    deinit {
        let program = try? tmux(["display-message", "-p", "-t", name, "#{pane_pid}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
        guard let pid = program.flatMap({ Int($0) }), pid > 0 else { return }
        let deadline = Date().addingTimeInterval(5)
        while Self.isRunning(pid) && Date() < deadline { usleep(20_000) }
    }

    /// Whether process `pid` still runs: it exists and is not a zombie (a container's init
    /// may never reap the orphaned program, so `kill(pid, 0)` would still find it).
    private static func isRunning(_ pid: Int) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return !stat[end...].hasPrefix(") Z")
    }

    /// Sends keys as tmux names them ("Enter", "C-c", "PPage") or literal text.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    /// Types text literally, as a person would.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }

    /// The visible screen as plain text, one string per row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", name]).components(separatedBy: "\n")
    }

    /// The visible screen with its colours and attributes as SGR sequences (`capture-pane -e`).
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    /// The screen and the scrollback above it.
    func history() throws -> String {
        try tmux(["capture-pane", "-p", "-S", "-", "-t", name])
    }

    /// The cursor's position on the screen (column, row).
    func cursor() throws -> (x: Int, y: Int) {
        let parts = try tmux(["display-message", "-p", "-t", name, "#{cursor_x} #{cursor_y}"])
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return (parts.first ?? -1, parts.dropFirst().first ?? -1)
    }

    /// How the program in the terminal ended, once it has.
    enum Exit: Equatable {
        /// Its exit status (128 + the signal's number when a signal killed it, as shells say).
        case status(Int32)
        /// tmux saw the terminal close but did not learn how the program ended (tmux 3.3a
        /// sometimes never does).
        case unknown
    }

    /// How the program ended, nil while it runs.
    func ending() throws -> Exit? {
        let fields = try tmux([
            "display-message", "-p", "-t", name, "#{pane_dead}:#{pane_dead_status}:#{pane_dead_signal}",
        ])
        .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count == 3, fields[0] == "1" else { return nil }
        if let status = Int32(fields[1]) { return .status(status) }
        return Int32(fields[2]).map { .status(128 + $0) } ?? .unknown
    }

    /// Waits until the program has ended, and then a moment more for tmux to learn its status.
    @discardableResult
    func waitForExit(timeout: TimeInterval = 15) throws -> Exit {
        let ended = try poll(
            "the program to exit", timeout: timeout, read: ending,
            shown: { _ in
                (try? self.screen().joined(separator: "\n")) ?? ""
            }
        ) { $0 != nil }.value!
        guard ended == .unknown else { return ended }
        return (try? poll("its exit status", timeout: 2, read: ending, shown: { _ in "" }) { $0 != .unknown }.value)
            ?? ended
    }

    /// Sets a server option (`set-option -s NAME VALUE`), e.g. `set-clipboard on`.
    func setServerOption(_ name: String, _ value: String) throws {
        try tmux(["set-option", "-s", name, value])
    }

    /// The newest paste buffer (what OSC 52 put there with `set-clipboard on`).
    func pasteBuffer() throws -> String {
        try tmux(["show-buffer"])
    }

    /// Types `text` literally, then Enter.
    func enter(_ text: String) throws {
        try type(text)
        try send("Enter")
    }

    /// Waits until the screen satisfies `condition`, polling; fails after `timeout` seconds with
    /// the screen in the error, so a failing test shows what the person would have seen.
    @discardableResult
    func waitFor(
        _ what: String, timeout: TimeInterval = 15, _ condition: ([String]) -> Bool
    ) throws -> [String] {
        try poll(what, timeout: timeout, read: screen, shown: { $0.joined(separator: "\n") }, until: condition).value
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 15) throws -> [String] {
        try waitFor("screen containing \"\(text)\"", timeout: timeout) { $0.joined(separator: "\n").contains(text) }
    }

    /// Waits until the cursor's position satisfies `condition`: while the program draws, the
    /// cursor passes through other places.
    @discardableResult
    func waitFor(
        cursor what: String, timeout: TimeInterval = 15, _ condition: ((x: Int, y: Int)) -> Bool
    ) throws -> (x: Int, y: Int) {
        try poll(
            "the cursor \(what)", timeout: timeout, read: cursor,
            shown: { cursor in
                "cursor at \(cursor.x), \(cursor.y)\n" + ((try? self.screen().joined(separator: "\n")) ?? "")
            },
            until: condition
        ).value
    }

    /// Waits until the screen or the scrollback above it contains `text`, and returns how long
    /// that took (for a test to report, not to assert).
    @discardableResult
    func waitFor(historyContaining text: String, timeout: TimeInterval = 15) throws -> TimeInterval {
        try poll("history containing \"\(text)\"", timeout: timeout, read: history, shown: { $0 }) {
            $0.contains(text)
        }.elapsed
    }

    /// Reads until `condition` holds, every 20 ms; throws after `timeout` seconds with what was
    /// read last.
    private func poll<Value>(
        _ what: String, timeout: TimeInterval, read: () throws -> Value, shown: (Value) -> String,
        until condition: (Value) -> Bool
    ) throws -> (value: Value, elapsed: TimeInterval) {
        let start = Date()
        var last = ""
        while Date().timeIntervalSince(start) < timeout {
            let value = try read()
            if condition(value) { return (value, Date().timeIntervalSince(start)) }
            last = shown(value)
            usleep(20_000)
        }
        throw ScreenMismatch(expected: what, screen: last)
    }

    struct ScreenMismatch: Error, CustomStringConvertible {
        var expected: String
        var screen: String
        var description: String { "timed out waiting for \(expected); the screen showed:\n\(screen)" }
    }

    /// Runs one tmux client and returns what it printed.
    ///
    /// Spawned directly rather than with `Process`: the client exits at once, but the server
    /// it starts outlives it, and `Process.waitUntilExit` was seen never to return for such a
    /// client. Standard input and error are /dev/null; output comes through a pipe that the
    /// daemonised server does not keep open.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw TmuxFailed(arguments: arguments, status: nil) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        // What tmux says on failure ("no server running", "can't find pane") goes into the error.
        let errorPath = socket + ".err"
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        // Nothing else of the test process: its other pipes would keep `swift test` waiting
        // for the server, and its blocked signals (dispatch threads block most) would stop
        // the server from noticing its children exit or from obeying kill-server.
        let inherited = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in inherited.compactMap({ Int32($0) }) where descriptor > 2 && !pipe.contains(descriptor) {
            if fcntl(descriptor, F_GETFD) >= 0 { posix_spawn_file_actions_addclose(&actions, descriptor) }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = (["tmux", "-S", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { throw TmuxFailed(arguments: arguments, status: nil) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 {
                output += buffer[..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // kill-server may find the server already gone; any other failure is the test's.
        let exitStatus = (status >> 8) & 0xFF
        let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errorPath)
        if arguments.first != "kill-server", exitStatus != 0 {
            throw TmuxFailed(
                arguments: arguments, status: exitStatus,
                message: message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return String(decoding: output, as: UTF8.self)
    }

    struct TmuxFailed: Error, CustomStringConvertible {
        var arguments: [String]
        /// The exit status, or nil when tmux could not be started.
        var status: Int32?
        /// What tmux printed on standard error.
        var message = ""
        var description: String {
            let command = "tmux \(arguments.joined(separator: " "))"
            return status.map { "\(command) failed with status \($0): \(message)" } ?? "\(command) could not be started"
        }
    }
}
