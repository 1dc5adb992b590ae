import CReadline
import Foundation

/// GNU readline, wrapped once: the only type that talks to it.
///
/// Readline runs through its callback interface, so the REPL's own poll loop decides when
/// a key is read and can print above the prompt at any time (`printAbove`) without
/// corrupting a half-typed line. Enter does not end readline's line: it hands the text to
/// the REPL and empties the editor in place, so the prompt never moves and the REPL draws
/// the sent message itself. Readline's callbacks are C functions; they reach the one live
/// editor through a static.
final class LineEditor {
    /// Keys the REPL handles itself.
    enum Key: Hashable {
        case pageUp, pageDown
        /// A digit on an empty line while that many choices are offered: pick that one.
        case pick(Int)
        /// Tab on an empty line while choices are offered: highlight the next one.
        case cycleChoices
        /// A mouse click (SGR report) at this column and row, from 1.
        case click(column: Int, row: Int)
        /// Alt-Right (forward) or Alt-Left: the next or previous sibling (`/sibling`).
        case sibling(forward: Bool)
    }

    /// The editor readline's C callbacks talk to (one at a time: readline is global state).
    nonisolated(unsafe) static var current: LineEditor?

    private let historyPath: String?
    private let output: TerminalOutput
    /// Offers Tab completions for the text before the cursor.
    var completer: (String) -> ReplCompletion = { _ in .none }
    /// How many choices (buttons, quick replies) the newest message offering any has: the
    /// digits up to it and Tab pick among them on an empty line, else they are typed.
    var choiceCount: () -> Int = { 0 }
    private(set) var isInstalled = false
    private var prompt: String
    private var accepted: [String] = []
    private var keys: [Key] = []
    private var newHistoryEntries: Int32 = 0
    /// Set when the user pressed Ctrl-D on an empty line.
    private(set) var reachedEnd = false

    init(prompt: String, historyPath: String?, output: TerminalOutput = TerminalOutput()) {
        self.prompt = prompt
        self.historyPath = historyPath
        self.output = output
    }

    /// Takes over the terminal: installs the callback handler (which initialises readline
    /// and reads ~/.inputrc), then binds Banter's keys so they win over the user's.
    func install() {
        guard !isInstalled else { return }
        Self.current = self
        banter_rl_configure(Self.applicationName)
        banter_rl_set_attempted_completion(LineEditorCallbacks.complete)
        using_history()
        stifle_history(Self.historyLimit)
        if let historyPath { read_history(historyPath) }
        rl_callback_handler_install(prompt, LineEditorCallbacks.lineEnded)
        for name in ["emacs", "vi-insert", "vi-command"] {
            guard let map = rl_get_keymap_by_name(name) else { continue }
            rl_bind_key_in_map(13, LineEditorCallbacks.accept, map)
            rl_bind_key_in_map(10, LineEditorCallbacks.accept, map)
            rl_bind_keyseq_in_map("\\e[5~", LineEditorCallbacks.pageUp, map)
            rl_bind_keyseq_in_map("\\e[6~", LineEditorCallbacks.pageDown, map)
            // Alt-Left/Alt-Right as xterm, tmux and VTE send them, and as a meta prefix.
            for sequence in ["\\e[1;3D", "\\e\\e[D"] {
                rl_bind_keyseq_in_map(sequence, LineEditorCallbacks.previousSibling, map)
            }
            for sequence in ["\\e[1;3C", "\\e\\e[C"] {
                rl_bind_keyseq_in_map(sequence, LineEditorCallbacks.nextSibling, map)
            }
            guard name != "vi-command" else { continue }
            for digit in UInt8(ascii: "1")...UInt8(ascii: "9") {
                rl_bind_key_in_map(Int32(digit), LineEditorCallbacks.digit, map)
            }
            rl_bind_key_in_map(9, LineEditorCallbacks.tab, map)
            rl_bind_keyseq_in_map("\\e[<", LineEditorCallbacks.mouseReport, map)
        }
        isInstalled = true
    }

    /// Gives the terminal back: clears the prompt, restores the terminal's modes and saves
    /// this session's history.
    func close() {
        guard isInstalled else { return }
        rl_clear_visible_line()
        fflush(nil)
        rl_callback_handler_remove()
        stopTypeahead()
        isInstalled = false
        Self.current = nil
        saveHistory()
    }

    /// Reads one character of input (call when standard input is readable, or
    /// `hasTypeahead`).
    func readCharacter() {
        rl_callback_read_char()
    }

    /// Keys read off the terminal before the editor was there (typed while Banter waited for
    /// the terminal's answers), not yet handed to readline.
    private var typeahead: [UInt8] = []
    private var typeaheadRead = 0

    /// Hands readline `bytes` as if typed, before anything the terminal sends next: until
    /// they are read, readline reads keys here instead of from the terminal.
    func feed(_ bytes: [UInt8]) {
        guard isInstalled, !bytes.isEmpty else { return }
        typeahead = Array(typeahead[typeaheadRead...]) + bytes
        typeaheadRead = 0
        banter_rl_set_input(LineEditorCallbacks.readTypeahead, LineEditorCallbacks.typeaheadAvailable)
    }

    /// Whether keys fed in wait to be read (the terminal's input is not readable for them).
    var hasTypeahead: Bool { typeaheadRead < typeahead.count }

    /// The next key fed in, or nil once they are all read, when readline goes back to
    /// reading the terminal itself.
    func nextTypeahead() -> UInt8? {
        guard hasTypeahead else { return nil }
        defer {
            typeaheadRead += 1
            if !hasTypeahead { stopTypeahead() }
        }
        return typeahead[typeaheadRead]
    }

    private func stopTypeahead() {
        typeahead.removeAll()
        typeaheadRead = 0
        banter_rl_set_input(rl_getc, nil)
    }

    /// Lines accepted with Enter since the last call, in order.
    func takeAcceptedLines() -> [String] {
        defer { accepted.removeAll() }
        return accepted
    }

    /// Whether a line or a key waits for the REPL, which should handle it before reading on.
    var hasPendingInput: Bool { !accepted.isEmpty || !keys.isEmpty }

    /// Special keys pressed since the last call, in order.
    func takeKeys() -> [Key] {
        defer { keys.removeAll() }
        return keys
    }

    /// Changes the prompt and shows it.
    func setPrompt(_ prompt: String) {
        self.prompt = prompt
        guard isInstalled else { return }
        printAbove {}
    }

    /// Runs `draw`, which writes to the terminal from the start of the prompt's first row,
    /// then draws the prompt and the half-typed line (with its cursor) again where `draw`
    /// left the cursor.
    ///
    /// `rl_clear_visible_line` wipes every row the input occupies, however it wrapped.
    /// The prompt is not swapped out with `rl_save_prompt` here: readline's own saved prompt
    /// (during Ctrl-R search) lives in the same single slot and would be lost.
    func printAbove(_ draw: () -> Void) {
        guard isInstalled else {
            draw()
            return
        }
        rl_clear_visible_line()
        draw()
        fflush(nil)
        rl_set_prompt(prompt)
        rl_forced_update_display()
    }

    /// Ctrl-C: drops the half-typed line (and any search in progress) and shows a fresh prompt.
    func cancelLine() {
        guard isInstalled else { return }
        rl_callback_sigcleanup()
        rl_clear_visible_line()
        rl_replace_line("", 1)
        rl_forced_update_display()
    }

    /// The terminal changed size: readline re-reads it.
    func resize() {
        guard isInstalled else { return }
        rl_resize_terminal()
    }

    /// The text before the cursor.
    var textBeforeCursor: String {
        guard let buffer = banter_rl_line_buffer() else { return "" }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self),
            count: Int(max(banter_rl_point(), 0)))
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Called from readline's callbacks

    /// Enter: hands the line over and empties the editor without leaving the prompt.
    func acceptLine() {
        let line = banter_rl_line_buffer().map { String(cString: $0) } ?? ""
        accepted.append(line)
        if !line.allSatisfy(\.isWhitespace) {
            add_history(line)
            newHistoryEntries += 1
        }
        rl_replace_line("", 1)
        banter_rl_set_point(0)
    }

    /// readline ended the line itself: nil is end of input (Ctrl-D on an empty line).
    func lineEnded(_ line: String?) {
        if let line {
            accepted.append(line)
        } else {
            reachedEnd = true
        }
    }

    func pressed(_ key: Key) {
        keys.append(key)
    }

    /// Whether nothing is typed: digits and Tab pick choices only then.
    var lineIsEmpty: Bool {
        banter_rl_line_buffer().map { $0.pointee == 0 } ?? true
    }

    // MARK: History

    nonisolated(unsafe) static let applicationName: UnsafePointer<CChar> = UnsafePointer(strdup("banter")!)
    static let historyLimit: Int32 = 1000

    /// Appends this session's lines to the history file (creating it), so two terminals do
    /// not overwrite each other's history, and keeps the file to the last entries.
    private func saveHistory() {
        guard let historyPath, newHistoryEntries > 0 else { return }
        if FileManager.default.fileExists(atPath: historyPath) {
            append_history(min(newHistoryEntries, Self.historyLimit), historyPath)
        } else {
            write_history(historyPath)
        }
        history_truncate_file(historyPath, Self.historyLimit)
        newHistoryEntries = 0
    }
}
