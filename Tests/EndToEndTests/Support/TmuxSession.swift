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
        let exports = environment.map { "export \($0.key)='\($0.value)'; " }.joined()
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

    /// Waits until the screen satisfies `condition`, polling; fails after `timeout` seconds with
    /// the screen in the error, so a failing test shows what the person would have seen.
    @discardableResult
    func waitFor(
        _ what: String, timeout: TimeInterval = 15, _ condition: ([String]) -> Bool
    ) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            usleep(50_000)
        }
        throw ScreenMismatch(expected: what, screen: last.joined(separator: "\n"))
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 15) throws -> [String] {
        try waitFor("screen containing \"\(text)\"", timeout: timeout) { $0.joined(separator: "\n").contains(text) }
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
        guard Glibc.pipe(&pipe) == 0 else { throw TmuxFailed(arguments: arguments) }
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
        guard spawned == 0 else { throw TmuxFailed(arguments: arguments) }
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
        return String(decoding: output, as: UTF8.self)
    }

    struct TmuxFailed: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "tmux \(arguments.joined(separator: " ")) could not be started" }
    }
}
