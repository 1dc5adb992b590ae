import BanterCore

/// A script failure as the user sees it: one readable line, "file:line: reason" when the
/// place is known ("alisha.lua:12: attempt to call a nil value (global 'rply')").
package struct ScriptError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The script file (as Lua names it, e.g. "alisha.lua"), when known.
    package var file: String?
    /// The line in `file`, when known.
    package var line: Int?
    /// What went wrong, without the place.
    package var reason: String
    /// The bot's own frames when it failed at run time, most recent first (empty when
    /// unknown, e.g. a syntax error).
    package var frames: [ScriptFrame] = []

    /// The reason is made one line here, so every error the host raises itself fits the chat
    /// like Lua's own.
    package init(file: String? = nil, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = ScriptError.oneLine(reason)
    }

    /// Splits a Lua message of the form "file:line: reason" into its parts.
    package init(luaMessage: String) {
        let text = ScriptError.oneLine(luaMessage)
        if let (file, line, rest) = ScriptError.splitLocation(text) {
            self.init(file: file, line: line, reason: rest)
        } else {
            self.init(reason: text)
        }
    }

    package var description: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(reason)"
        case let (file?, nil): "\(file): \(reason)"
        default: reason
        }
    }

    /// The error and, when the failure went through more than one of the bot's own
    /// functions, each frame on a line of its own ("  at alisha.lua:12 in local 'greet'"),
    /// most recent first: what the chat and `banter test` show.
    package var lines: [String] {
        guard frames.count > 1 else { return [description] }
        return [description] + frames.map { "  at \($0)" }
    }

    /// Two errors are the same when they say the same thing at the same place; the frames
    /// that led there are extra detail.
    package static func == (lhs: ScriptError, rhs: ScriptError) -> Bool {
        lhs.file == rhs.file && lhs.line == rhs.line && lhs.reason == rhs.reason
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(file)
        hasher.combine(line)
        hasher.combine(reason)
    }

    static let maxLength = 400

    /// Newlines and tabs become spaces and very long messages are cut, so an error is always
    /// one line the chat can show.
    static func oneLine(_ text: String) -> String {
        var result = String(text.map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
        if result.count > maxLength { result = String(result.prefix(maxLength)) + "…" }
        return result
    }

    /// Finds the first "name:digits: " in `text`; the name may hold spaces only when Lua
    /// quotes it (`[string "..."]`, the name of a chunk given to `load`).
    static func splitLocation(_ text: String) -> (String, Int, String)? {
        var searchStart = text.startIndex
        while let colon = text[searchStart...].firstIndex(of: ":") {
            let file = text[..<colon]
            guard !file.isEmpty, !file.contains(": ") else { return nil }
            guard file.hasPrefix("[string \"") || !file.contains(" ") else {
                searchStart = text.index(after: colon)
                continue
            }
            let afterFile = text[text.index(after: colon)...]
            let digits = afterFile.prefix { $0.isASCII && $0.isNumber }
            let rest = afterFile.dropFirst(digits.count)
            if !digits.isEmpty, let line = Int(digits), rest.hasPrefix(": ") {
                return (String(file), line, String(rest.dropFirst(2)))
            }
            searchStart = text.index(after: colon)
        }
        return nil
    }
}
