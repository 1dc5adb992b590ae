import BanterChat
import BanterCore
import Foundation

/// What the REPL reads while a bot is paused in the step debugger: `step`, `next`,
/// `finish`, `continue`, `print EXPR`, `locals`, `where`, `memory`, `help` (slash commands
/// still work), and how a pause is shown: where and why, the source around the line with
/// the current one marked, and the reply being written as a pending bubble. Everything
/// shown comes from the bot and is sanitised by the painter.
struct DebuggerPrompt {
    let repl: ReplController

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
            repl.showError(
                "\"\(name)\" is not a debugger command: step, next, finish, continue, print EXPR, locals, where, memory (help)"
            )
            return
        }
        verb.run(self, argument)
    }

    /// Shows where the bot paused: why, the source around the line, the pending reply.
    func showPause(_ pause: DebugStop) {
        var lines = [repl.painter.info(pause.summary)]
        let source = repl.session.pausedSource()
        let width = String(source.last?.number ?? 0).count
        for (number, text) in source {
            let marker = number == pause.line ? "→" : " "
            let label = String(repeating: " ", count: width - String(number).count) + String(number)
            lines.append(repl.painter.info("\(marker) \(label)  \(text)"))
        }
        if let reply = pause.pendingReply {
            lines.append(repl.painter.info("pending reply (not sent yet):"))
            let pending = Message(
                id: 0, conversationID: repl.session.conversation.id, sender: .them, text: reply,
                sentAt: repl.session.clock.now)
            lines += repl.renderer.renderMessage(pending, position: .single, width: repl.display.width)
        }
        lines.append(repl.painter.info("step, next, finish, continue, print EXPR, locals, where, memory (help)"))
        repl.show(lines)
    }

    private func go(_ step: DebugStep, _ argument: String) {
        guard argument.isEmpty else {
            repl.showError("\(step.rawValue) takes no arguments")
            return
        }
        repl.session.proceed(step)
        if repl.session.pause == nil { repl.info("running") }
    }

    private func restart() {
        repl.perform { () throws(ChatError) in try repl.session.restartPaused() }
    }

    private func print(_ expression: String) {
        guard !expression.isEmpty else {
            repl.showError("print needs an expression, e.g. print msg.text")
            return
        }
        repl.perform { () throws(ChatError) in
            repl.info(try repl.session.evaluatePaused(expression))
        }
    }

    private func locals() {
        repl.perform { () throws(ChatError) in
            let variables = try repl.session.pausedVariables()
            if variables.isEmpty { repl.info("(no locals)") }
            for (name, value) in variables { repl.info("\(name) = \(value)") }
        }
    }

    private func frames() {
        guard let pause = repl.session.pause else { return }
        for (index, frame) in pause.frames.enumerated() { repl.info("#\(index)  \(frame)") }
    }

    private func memory() {
        repl.perform { () throws(ChatError) in repl.info("memory = " + (try repl.session.pausedMemory())) }
    }

    private func help() {
        let width = Self.verbs.map(\.usage.count).max() ?? 0
        for verb in Self.verbs {
            let shortcut = verb.names.count > 1 ? " (\(verb.names[1]))" : ""
            repl.info(
                verb.usage + String(repeating: " ", count: width - verb.usage.count + 2) + verb.summary + shortcut)
        }
    }
}
