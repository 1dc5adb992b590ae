import BanterChat
import BanterCore
import Foundation

/// What the REPL reads while a bot is paused in the step debugger: `step`, `next`,
/// `finish`, `continue`, `print EXPR`, `locals`, `where`, `memory`, `help` (slash commands
/// still work), and how a pause is shown: where and why, the source around the line with
/// the current one marked, and the reply being written as a pending bubble. Everything
/// shown comes from the bot and is sanitised by the painter. The REPL and `banter test
/// --debug` share it through `DebuggerConsole`.
struct DebuggerPrompt {
    let console: any DebuggerConsole

    /// One verb of the prompt: its names and what it does.
    struct Verb: Sendable {
        let names: [String]
        let usage: String
        let summary: String
        let run: @Sendable (DebuggerPrompt, String) -> Void
    }

    static let verbs: [Verb] = [
        Verb(names: ["step", "s"], usage: "step", summary: "to the next line, into calls") { $0.go(.step, $1) },
        Verb(names: ["next", "n"], usage: "next", summary: "to the next line of this function") { $0.go(.next, $1) },
        Verb(names: ["finish", "f"], usage: "finish", summary: "until this function returns") { $0.go(.finish, $1) },
        Verb(names: ["continue", "c"], usage: "continue", summary: "until the next breakpoint") {
            $0.go(.continue, $1)
        },
        Verb(names: ["restart"], usage: "restart", summary: "run the handler again, its messages and memory undone") {
            prompt, _ in prompt.restart()
        },
        Verb(names: ["print", "p"], usage: "print EXPR", summary: "a Lua expression in this frame (read-only)") {
            $0.print($1)
        },
        Verb(names: ["locals"], usage: "locals", summary: "this frame's locals and upvalues") { prompt, _ in
            prompt.locals()
        },
        Verb(names: ["where", "bt"], usage: "where", summary: "the bot's frames, innermost first") { prompt, _ in
            prompt.frames()
        },
        Verb(names: ["memory"], usage: "memory", summary: "the bot's memory as the handler sees it") { prompt, _ in
            prompt.memory()
        },
        Verb(names: ["help", "?"], usage: "help", summary: "these commands") { prompt, _ in prompt.help() },
    ]

    /// Runs one line typed while paused.
    func handle(_ line: String) {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let name = String(trimmed.prefix { !$0.isWhitespace }).lowercased()
        let argument = String(trimmed.dropFirst(name.count)).trimmingCharacters(in: .whitespaces)
        guard let verb = Self.verbs.first(where: { $0.names.contains(name) }) else {
            console.showError(
                "\"\(name)\" is not a debugger command: step, next, finish, continue, print EXPR, locals, where, memory (help)"
            )
            return
        }
        verb.run(self, argument)
    }

    /// Shows where the bot paused: why, the source around the line, the pending reply.
    func showPause(_ pause: DebugStop) {
        let painter = console.painter
        var lines = painter.info(pause.summary, width: console.noticeWidth)
        let source = console.session.pausedSource()
        let width = String(source.last?.number ?? 0).count
        for (number, text) in source {
            let marker = number == pause.line ? "→" : " "
            let label = String(repeating: " ", count: width - String(number).count) + String(number)
            lines.append(painter.info("\(marker) \(label)  \(text)"))
        }
        if let reply = pause.pendingReply {
            lines.append(painter.info("pending reply (not sent yet):"))
            let pending = Message(
                id: 0, conversationID: console.session.conversation.id, sender: .them, text: reply,
                sentAt: console.session.clock.now)
            lines += console.renderer.renderMessage(pending, position: .single, width: console.consoleWidth)
        }
        lines += painter.info(
            "step, next, finish, continue, print EXPR, locals, where, memory (help)", width: console.noticeWidth)
        console.show(lines)
    }

    private func go(_ step: DebugStep, _ argument: String) {
        guard argument.isEmpty else {
            console.showError("\(step.rawValue) takes no arguments")
            return
        }
        console.session.proceed(step)
        if console.session.pause == nil { console.info("running") }
    }

    private func restart() {
        perform { () throws(ChatError) in try console.session.restartPaused() }
    }

    private func print(_ expression: String) {
        guard !expression.isEmpty else {
            console.showError("print needs an expression, e.g. print msg.text")
            return
        }
        perform { () throws(ChatError) in
            console.info(try console.session.evaluatePaused(expression))
        }
    }

    private func locals() {
        perform { () throws(ChatError) in
            let variables = try console.session.pausedVariables()
            if variables.isEmpty { console.info("(no locals)") }
            for (name, value) in variables { console.info("\(name) = \(value)") }
        }
    }

    private func frames() {
        guard let pause = console.session.pause else { return }
        for (index, frame) in pause.frames.enumerated() { console.info("#\(index)  \(frame)") }
    }

    private func memory() {
        perform { () throws(ChatError) in console.info("memory = " + (try console.session.pausedMemory())) }
    }

    /// Runs `body`, showing a failure as an error line.
    private func perform(_ body: () throws(ChatError) -> Void) {
        do {
            try body()
        } catch {
            console.showError(error.description)
        }
    }

    private func help() {
        let width = Self.verbs.map(\.usage.count).max() ?? 0
        for verb in Self.verbs {
            let shortcut = verb.names.count > 1 ? " (\(verb.names[1]))" : ""
            console.info(
                verb.usage + String(repeating: " ", count: width - verb.usage.count + 2) + verb.summary + shortcut)
        }
    }
}
