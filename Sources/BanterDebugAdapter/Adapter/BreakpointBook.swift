import BanterChat
import BanterCore
import Foundation

/// The breakpoints as the client set them, kept by the adapter because the client sets
/// them before the bot is loaded and replaces them a source (or all function breakpoints)
/// at a time: each with the id the client knows it by. `apply` hands them to the session,
/// a line breakpoint's file named from the bot's folder as Lua names the chunk.
struct BreakpointBook {
    struct Entry {
        var id: Int
        /// A line breakpoint holds the source's absolute path.
        var breakpoint: Breakpoint
    }

    private var lines: [String: [Entry]] = [:]
    private var functions: [Entry] = []
    private var nextID = 1
    /// The breakpoints as the session holds them, by the id the client knows.
    private var applied: [Breakpoint: Int] = [:]

    /// Replaces the line breakpoints of the file at `path` with `numbers`: each set, or
    /// refused (`verified` false) with why. Throws when the file cannot be read.
    mutating func setLines(_ numbers: [Int], in path: String, linesStartAt1: Bool) throws(AdapterError) -> [DAP
        .Breakpoint]
    {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let text: String
        do {
            text = try String(contentsOfFile: absolute, encoding: .utf8)
        } catch {
            throw AdapterError(
                "cannot set breakpoints in \(path): the file cannot be read (\(error.localizedDescription))")
        }
        let count = text.split(separator: "\n", omittingEmptySubsequences: false).count
        var entries: [Entry] = []
        let answers = numbers.map { number -> DAP.Breakpoint in
            let line = linesStartAt1 ? number : number + 1
            let source = DAP.Source(name: URL(fileURLWithPath: absolute).lastPathComponent, path: absolute)
            guard line >= 1, line <= count else {
                return DAP.Breakpoint(
                    verified: false, message: "line \(line) is not in \(source.name ?? path) (\(count) lines)",
                    source: source, line: number)
            }
            let entry = Entry(id: nextID, breakpoint: .line(file: absolute, line: line))
            nextID += 1
            entries.append(entry)
            return DAP.Breakpoint(id: entry.id, verified: true, source: source, line: number)
        }
        lines[absolute] = entries
        return answers
    }

    /// Replaces the function breakpoints: each name is a handler's pattern (`quiz` stops at
    /// `on("^quiz", …)`), or `reply` (the next `chat:reply`).
    mutating func setFunctions(_ names: [String]) -> [DAP.Breakpoint] {
        functions = names.map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            let breakpoint: Breakpoint
            if trimmed == "reply" {
                breakpoint = .reply
            } else if let parsed = try? Breakpoint(parsing: trimmed), case .handler = parsed {
                breakpoint = parsed
            } else {
                breakpoint = .handler(pattern: trimmed)
            }
            defer { nextID += 1 }
            return Entry(id: nextID, breakpoint: breakpoint)
        }
        return functions.map { entry in
            guard case .handler(let pattern) = entry.breakpoint, pattern.isEmpty else {
                return DAP.Breakpoint(id: entry.id, verified: true)
            }
            return DAP.Breakpoint(
                id: entry.id, verified: false, message: "a function breakpoint names a handler's pattern, or reply")
        }
    }

    /// Hands every breakpoint to `session`, replacing what it held.
    mutating func apply(to session: ChatSession) {
        for (number, _) in session.breakpoints { _ = try? session.deleteBreakpoint(number) }
        applied.removeAll()
        let folder = session.botFolder.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        let entries = lines.keys.sorted().flatMap { lines[$0]! } + functions
        for entry in entries {
            var breakpoint = entry.breakpoint
            if case .handler(let pattern) = breakpoint, pattern.isEmpty { continue }
            if case .line(let file, let line) = breakpoint, let folder, file.hasPrefix(folder + "/") {
                breakpoint = .line(file: String(file.dropFirst(folder.count + 1)), line: line)
            }
            session.addBreakpoint(breakpoint)
            applied[breakpoint] = entry.id
        }
    }

    /// The id the client knows the breakpoint a stop names by.
    func id(of breakpoint: Breakpoint) -> Int? { applied[breakpoint] }
}
