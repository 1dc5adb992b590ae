import Foundation

/// A program in a real terminal (a detached tmux session), driven by keys and read back from
/// the screen. tmux is run with `posix_spawn` and reaped with `waitpid` directly: under the
/// test runner, Foundation's `Process` can miss the exit of a tmux client whose server
/// daemonised, and then `waitUntilExit` never returns.
final class TerminalWindow {
    let name: String
    private let socket: String

    /// Starts `command` (run by `sh -c`) in a new terminal of the given size.
    init(command: String, width: Int = 80, height: Int = 30) throws {
        name = "banter-rel-\(UUID().uuidString.prefix(8))"
        socket = NSTemporaryDirectory() + name + ".sock"
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: socket)
    }

    /// Types `text` literally, then Enter.
    func enter(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
        try tmux(["send-keys", "-t", name, "Enter"])
    }

    /// The visible screen.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The screen and all the scrollback above it.
    func history() throws -> String {
        try tmux(["capture-pane", "-p", "-S", "-", "-t", name])
    }

    /// Waits until the visible screen contains every one of `texts`, and returns it.
    func waitForScreen(showing texts: [String], timeout: TimeInterval = 10) throws -> String {
        let start = Date()
        var last = ""
        while Date().timeIntervalSince(start) < timeout {
            last = try screen()
            if texts.allSatisfy(last.contains) { return last }
            usleep(20_000)
        }
        throw NotShown(text: texts.joined(separator: ", "), screen: last)
    }

    /// Waits until the screen or scrollback contains `text`, polling every 20 ms; returns how
    /// long that took, or throws after `timeout` seconds with what the terminal showed.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 10) throws -> TimeInterval {
        let start = Date()
        var last = ""
        while Date().timeIntervalSince(start) < timeout {
            last = try history()
            if last.contains(text) { return Date().timeIntervalSince(start) }
            usleep(20_000)
        }
        throw NotShown(text: text, screen: last)
    }

    struct NotShown: Error, CustomStringConvertible {
        var text: String
        var screen: String
        var description: String { "timed out waiting for \"\(text)\"; the terminal showed:\n\(screen)" }
    }

    struct Failed: Error, CustomStringConvertible {
        var arguments: [String]
        var status: Int32
        var description: String { "tmux \(arguments.joined(separator: " ")) failed with status \(status)" }
    }

    /// Runs tmux on this window's socket and returns what it printed.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let all = ["tmux", "-S", socket] + arguments
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw Failed(arguments: arguments, status: -1) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addclose(&actions, pipe[1])
        var pid: pid_t = 0
        let argv = all.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let spawned = posix_spawnp(&pid, "tmux", &actions, nil, argv, environ)
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned == 0 else { throw Failed(arguments: arguments, status: spawned) }
        // The tmux client exits at once; the server it started daemonises and keeps no copy
        // of the pipe's write end open (its stdout is /dev/null after daemonising).
        var output = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe[0], &buffer, buffer.count)
            if count > 0 { output += buffer[..<count] } else if count == 0 || errno != EINTR { break }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exit = (status >> 8) & 0xFF
        if arguments.first != "kill-server", exit != 0 { throw Failed(arguments: arguments, status: exit) }
        return String(decoding: output, as: UTF8.self)
    }
}
