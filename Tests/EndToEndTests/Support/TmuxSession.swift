import Foundation

/// Drives a program in a real terminal (a detached tmux session) the way a person would:
/// type keys, then read what the screen shows.
final class TmuxSession {
    let name: String
    private let socket: String

    /// Starts `command` (run by `sh -c`) in a new terminal of the given size.
    init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        name = "banter-e2e-\(UUID().uuidString.prefix(8))"
        socket = NSTemporaryDirectory() + name + ".sock"
        let isolation = "unset BANTER_CONFIG BANTER_THEME; export XDG_CONFIG_HOME=/nonexistent/banter-tests-config; "
        let exports = isolation + environment.map { "export \($0.key)='\($0.value)'; " }.joined()
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                  "sh -c \"\(exports)\(command); sleep 30\""])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
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
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
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
        let exit = (status >> 8) & 0xFF
        if arguments.first != "kill-server", exit != 0 { throw TmuxFailed(arguments: arguments, status: exit) }
        return String(decoding: output, as: UTF8.self)
    }

    struct TmuxFailed: Error, CustomStringConvertible {
        var arguments: [String]
        /// The exit status, or nil when tmux could not be started.
        var status: Int32?
        var description: String {
            let command = "tmux \(arguments.joined(separator: " "))"
            return status.map { "\(command) failed with status \($0)" } ?? "\(command) could not be started"
        }
    }
}
