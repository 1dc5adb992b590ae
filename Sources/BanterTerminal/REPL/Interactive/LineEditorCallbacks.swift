import CReadline
import Foundation

/// The C functions readline calls, forwarding to `LineEditor.current`. They capture nothing
/// (C function pointers cannot), so they reach Swift state through that static.
enum LineEditorCallbacks {
    static let lineEnded: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { line in
        let text = line.map { String(cString: $0) }
        free(line)
        LineEditor.current?.lineEnded(text)
    }

    static let accept: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        LineEditor.current?.acceptLine()
        return 0
    }

    static let pageUp: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        LineEditor.current?.pressed(.pageUp)
        return 0
    }

    static let pageDown: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        LineEditor.current?.pressed(.pageDown)
        return 0
    }

    static let previousSibling: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        LineEditor.current?.pressed(.sibling(forward: false))
        return 0
    }

    static let nextSibling: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        LineEditor.current?.pressed(.sibling(forward: true))
        return 0
    }

    /// 1–9: picks that choice on an empty line when it is offered, else types the digit.
    static let digit: @convention(c) (Int32, Int32) -> Int32 = { count, key in
        let number = Int(key) - Int(UInt8(ascii: "0"))
        guard let editor = LineEditor.current, editor.lineIsEmpty, number <= editor.choiceCount() else {
            return rl_insert(count, key)
        }
        editor.pressed(.pick(number))
        return 0
    }

    /// Tab: highlights the next choice on an empty line while any are offered, else completes.
    static let tab: @convention(c) (Int32, Int32) -> Int32 = { count, key in
        guard let editor = LineEditor.current, editor.lineIsEmpty, editor.choiceCount() > 0 else {
            return rl_complete(count, key)
        }
        editor.pressed(.cycleChoices)
        return 0
    }

    /// `ESC [ <`: an SGR mouse report (sent only while chips are on the screen); the rest of
    /// it is read here, up to its final `M` or `m`, and a press becomes a click.
    static let mouseReport: @convention(c) (Int32, Int32) -> Int32 = { _, _ in
        var report = ""
        while report.count < 24 {
            let key = rl_read_key()
            guard key > 0, let scalar = Unicode.Scalar(UInt32(key)) else { break }
            report.append(Character(scalar))
            if scalar == "M" || scalar == "m" { break }
        }
        if let (column, row) = ChipMouse.press(report) { LineEditor.current?.pressed(.click(column: column, row: row)) }
        return 0
    }

    /// Readline's key reader while typed-ahead keys wait: those first, then the terminal.
    static let readTypeahead: @convention(c) (UnsafeMutablePointer<FILE>?) -> Int32 = { stream in
        if let byte = LineEditor.current?.nextTypeahead() { return Int32(byte) }
        return rl_getc(stream)
    }

    /// Tells readline a key is waiting while typed-ahead keys remain, so an `ESC` among them
    /// is read with the rest of its sequence rather than taken for the Escape key alone.
    static let typeaheadAvailable: @convention(c) () -> Int32 = {
        LineEditor.current?.hasTypeahead == true ? 1 : 0
    }

    /// The candidates of the completion in progress, read by `generate`.
    nonisolated(unsafe) private static var candidates: [String] = []
    nonisolated(unsafe) private static var nextCandidate = 0

    static let complete:
        @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
            -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, _, _ in
                guard let editor = LineEditor.current else { return nil }
                switch editor.completer(editor.textBeforeCursor) {
                case .files:
                    return nil
                case .none:
                    banter_rl_completion_over()
                    return nil
                case .words(let words):
                    banter_rl_completion_over()
                    guard let text else { return nil }
                    // Readline completes the word after its own break characters ("=" is one), a
                    // suffix of the space-separated word the candidates complete: offer each
                    // candidate from that point on.
                    let word = String(cString: text)
                    let typed =
                        editor.textBeforeCursor.split(separator: " ", omittingEmptySubsequences: false).last ?? ""
                    let skipped = max(typed.count - word.count, 0)
                    candidates = words.map { String($0.dropFirst(skipped)) }
                    nextCandidate = 0
                    let endsOpen = words.count == 1 && words[0].hasSuffix("=")
                    banter_rl_set_completion_append_character(endsOpen ? 0 : 32)
                    return rl_completion_matches(text, generate)
                }
            }

    private static let generate: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = {
        _, state in
        if state == 0 { nextCandidate = 0 }
        guard nextCandidate < candidates.count else { return nil }
        defer { nextCandidate += 1 }
        return strdup(candidates[nextCandidate])
    }
}
