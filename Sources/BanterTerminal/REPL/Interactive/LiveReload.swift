import BanterChat
import BanterCore
import BanterWatch
import Foundation

/// Reloads the bot when its script or a module it `require`d changes on disk, as `/reload`
/// does (memory kept, handlers replaced, never doubled). A reload that fails keeps the
/// running bot and says why once; the next save that fixes it reloads. The REPL polls
/// `descriptor` with its input (or calls `check` every `pollInterval` without inotify).
final class LiveReload {
    private let session: ChatSession
    private let watcher = FileWatcher()
    /// The files watched, in the bot's order; re-read after every look, since a handler
    /// may `require` a module late and `/bot` or `/open` may change the bot.
    private var watched: [String] = []
    /// When a change was first seen: the reload waits `FileWatcher.settleTime` for the
    /// editor to finish saving.
    private var changeSeenAt: ContinuousClock.Instant?
    /// The last reload error shown, so the same error is not shown again.
    private var lastFailure: String?

    /// Lines to show (already worded; the REPL paints them) and whether they are errors.
    var report: ((_ text: String, _ isError: Bool) -> Void)?

    init(session: ChatSession) {
        self.session = session
        refresh()
    }

    /// Readable when a watched folder changed; nil when the watcher polls.
    var descriptor: Int32? { watcher.descriptor }

    /// How long the REPL may sleep before `check` must run again.
    var timeout: Duration {
        if changeSeenAt != nil { return FileWatcher.settleTime }
        return descriptor == nil ? FileWatcher.pollInterval : .seconds(1)
    }

    /// Looks for changes; reloads once a change has settled.
    func check() {
        refresh()
        if !watcher.changes().isEmpty, changeSeenAt == nil { changeSeenAt = .now }
        guard let seen = changeSeenAt, ContinuousClock.now - seen >= FileWatcher.settleTime else { return }
        if !watcher.changes().isEmpty {
            changeSeenAt = .now
            return
        }
        changeSeenAt = nil
        reload()
    }

    private func reload() {
        guard let script = session.botScriptPath else { return }
        let name = URL(fileURLWithPath: script).lastPathComponent
        do {
            try session.reloadBot()
            lastFailure = nil
            report?("reloaded \(session.participant.name) (\(name) changed)", false)
        } catch {
            let text = "reload failed, \(session.participant.name) keeps running: \(error)"
            if text != lastFailure { report?(text, true) }
            lastFailure = text
        }
        refresh()
    }

    /// Watches the open bot's files (none without a bot).
    private func refresh() {
        let files = session.botSourceFiles
        guard files != watched else { return }
        do {
            try watcher.watch(files)
            watched = files
        } catch {
            watched = files
            report?("live reload: \(error)", true)
        }
    }
}
