import BanterChat
import BanterCore
import BanterLua
import BanterScript
import Foundation

/// `me "hi"`, `me { file = "x.png", text = "caption", quote = -1 }`: the user sends a
/// message (text, a file read from the scenario's folder when the script loaded, a reply
/// quoting the other side's N-th newest message); the bot answers as it would in a chat.
struct MeStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "me", [APIParameter("message", "string|MeOptions", options: "MeOptions")],
        doc: "You send a message (text, a file from the scenario's folder, a reply quoting a message); the bot gets it."
    )

    static let optionTables = [
        APIClass(
            "MeOptions", doc: "The table form of `me { … }`.",
            fields: [
                APIField("text", "string", doc: "The text (a file's caption)."),
                APIField(
                    "file", "string", doc: "A file from the scenario's folder (\"menu.png\", \"files/menu.png\")."),
                APIField(
                    "quote", "integer|true",
                    doc: "Reply to the other side's N-th newest message (-1 or true: the newest)."),
            ])
    ]

    var text: String
    var file: BotFile?
    /// Quotes the N-th newest message from the other side (1 is the newest).
    var quote: Int?

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> MeStep {
        guard case .table(let options) = call[0] else {
            return MeStep(text: try LuaArguments.text(call.arguments, "me", example: "me \"hi\""))
        }
        try LuaArguments.checkKeys(options, "me", known: optionTables[0].fieldNames)
        var step = MeStep(text: try LuaArguments.optionalString(options["text"], "me: text") ?? "")
        if let file = try LuaArguments.optionalString(options["file"], "me: file") {
            step.file = try BotFiles.read(
                file, botDirectory: call.folder.path, function: "me", folderLabel: "the scenario's folder")
        }
        switch options["quote"] {
        case .nil, .boolean(false): break
        case .boolean(true): step.quote = 1
        case let value: step.quote = try ScenarioStepCall.target(value, "me: quote")
        }
        guard !step.text.isEmpty || step.file != nil else {
            throw LuaCallError("me: give text = \"…\", file = \"…\" or both")
        }
        return step
    }

    /// A new `me` starts a new exchange: failures from here on show only its handler traces.
    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        runner.stepTraces.removeAll()
        do { try send(on: runner.session) } catch { throw .step(location, "me: \(error)") }
    }

    private func send(on session: ChatSession) throws(ChatError) {
        let quoted = try quote.map { count throws(ChatError) in try session.resolve(.newestBut(count), for: .reply) }
        if let file {
            try session.sendAttachment(named: file.name, contents: file.contents, caption: text, quoting: quoted)
        } else if let quoted {
            try session.reply(to: quoted, text: text)
        } else {
            try session.send(text)
        }
    }
}
