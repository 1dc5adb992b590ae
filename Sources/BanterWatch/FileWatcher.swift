import Glibc

/// Tells when files change on disk: a bot, the modules it `require`d, a scenario. It
/// watches the folders that hold the files through inotify (so an editor that saves by
/// writing a new file and renaming it over the old one is seen), and decides what changed
/// by comparing each file's identity, size and modification time with the last look, so
/// unrelated files in the same folder never count. Where inotify is not available it looks
/// every `pollInterval` instead.
///
/// One owner, one thread: `banter test --watch` blocks in `wait`, the REPL polls
/// `descriptor` with its input and calls `changes()` when it is readable.
package final class FileWatcher {
    /// How often files are looked at when inotify is not available.
    package static let pollInterval: Duration = .milliseconds(250)
    /// How long a change may keep going (an editor's write, rename and chmod) before it is
    /// reported as one.
    package static let settleTime: Duration = .milliseconds(60)

    /// Why watching failed.
    package struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
    }

    /// What `wait` ended with.
    package enum Outcome: Hashable, Sendable {
        /// These watched files changed, appeared or disappeared (absolute paths, sorted).
        case changed([String])
        /// The timeout passed without a change.
        case timedOut
        /// The interrupting descriptor became readable (a signal pipe: Ctrl-C).
        case interrupted
    }

    private let inotify: Int32?
    private var watchedFolders: [String: Int32] = [:]
    private var snapshots: [String: FileSnapshot] = [:]

    /// Starts with nothing watched. Falls back to polling when inotify cannot be set up
    /// (no kernel support, or the per-user limit of inotify instances reached).
    package convenience init() {
        self.init(usesInotify: true)
    }

    /// `usesInotify: false` polls (what happens without inotify; for tests).
    init(usesInotify: Bool) {
        let descriptor = usesInotify ? inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC)) : -1
        inotify = descriptor >= 0 ? descriptor : nil
    }

    deinit {
        if let inotify { close(inotify) }
    }

    /// Readable when something may have changed in a watched folder (call `changes()`);
    /// nil when the watcher polls, and the caller should call `changes()` every
    /// `pollInterval`.
    package var descriptor: Int32? { inotify }

    /// The files watched now (absolute paths, sorted).
    package var files: [String] { snapshots.keys.sorted() }

    /// Watches exactly `paths` from now on (relative paths are taken from the current
    /// folder); a path that does not exist yet is watched for its creation. A file whose
    /// folder does not exist either (a module `require` looked for in a missing subfolder)
    /// is looked at whenever the watcher looks, but cannot wake it. Changes before this
    /// call are forgotten. Throws when the system refuses a watch (the inotify limit).
    package func watch(_ paths: some Sequence<String>) throws(Failure) {
        let absolute = Set(paths.map(Self.absolute))
        let folders = Set(absolute.map(Self.folder))
        if let inotify {
            for (folder, watch) in watchedFolders where !folders.contains(folder) {
                inotify_rm_watch(inotify, watch)
                watchedFolders[folder] = nil
            }
            let mask = UInt32(
                IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB | IN_MODIFY)
            for folder in folders.sorted() where watchedFolders[folder] == nil {
                let watch = inotify_add_watch(inotify, folder, mask)
                if watch >= 0 {
                    watchedFolders[folder] = watch
                } else if errno != ENOENT && errno != ENOTDIR {
                    throw Failure(description: "cannot watch \(folder): \(String(cString: strerror(errno)))")
                }
            }
            drainEvents()
        }
        snapshots = Dictionary(uniqueKeysWithValues: absolute.map { ($0, FileSnapshot(path: $0)) })
    }

    /// The watched files that changed since the last look (without waiting; empty when
    /// none did). Reads pending inotify events first.
    package func changes() -> [String] {
        drainEvents()
        var changed: [String] = []
        for (path, before) in snapshots {
            let now = FileSnapshot(path: path)
            if now != before {
                snapshots[path] = now
                changed.append(path)
            }
        }
        return changed.sorted()
    }

    /// Blocks until a watched file changes (then waits `settleTime` more, so a save in
    /// several steps is one change), `timeout` passes, or `interrupt` becomes readable.
    package func wait(timeout: Duration? = nil, interrupt: Int32? = nil) throws(Failure) -> Outcome {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            var remaining = deadline.map { $0 - ContinuousClock.now }
            if let left = remaining, left <= .zero { return .timedOut }
            if inotify == nil { remaining = min(remaining ?? Self.pollInterval, Self.pollInterval) }
            var descriptors = [
                pollfd(fd: inotify ?? -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: interrupt ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let milliseconds = remaining.map { Int32(clamping: Self.milliseconds($0)) } ?? -1
            if poll(&descriptors, 2, milliseconds) < 0 && errno != EINTR {
                throw Failure(description: "poll: \(String(cString: strerror(errno)))")
            }
            if descriptors[1].revents != 0 { return .interrupted }
            var changed = Set(changes())
            guard !changed.isEmpty else { continue }
            while true {
                var settle = [pollfd(fd: interrupt ?? -1, events: Int16(POLLIN), revents: 0)]
                _ = poll(&settle, 1, Int32(Self.milliseconds(Self.settleTime)))
                if settle[0].revents != 0 { return .interrupted }
                let more = changes()
                if more.isEmpty { break }
                changed.formUnion(more)
            }
            return .changed(changed.sorted())
        }
    }

    /// Reads and discards every pending inotify event: they only say "look again".
    private func drainEvents() {
        guard let inotify else { return }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while buffer.withUnsafeMutableBytes({ read(inotify, $0.baseAddress, $0.count) }) > 0 {}
    }

    static func absolute(_ path: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileSnapshot.currentFolder() + "/" + path
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    static func folder(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(0, Int(seconds) * 1_000 + Int((attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000))
    }
}
