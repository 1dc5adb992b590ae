import BanterChat
import BanterLua
import BanterScript
import Foundation

/// `participants { { bot = "host.lua" }, { bot = "quiz.lua", name = "Quizzy" }, "Bob" }`:
/// makes the conversation a group of these bots (scripts from the scenario's folder, under
/// their declared name or `name`) and people (spoken for with `as "Bob" "text"`), in order.
struct ParticipantsStep: ScenarioStepDefinition {
    static let function = APIFunction(
        "participants", [APIParameter("participants", "(string|ParticipantOptions)[]", options: "ParticipantOptions")],
        doc: "Makes the conversation a group: bots from the scenario's folder and people you speak for with `as`.")

    static let optionTables = [
        APIClass(
            "ParticipantOptions", doc: "One participant of `participants { … }` (a string is a person's name).",
            fields: [
                APIField("bot", "string", doc: "A bot script from the scenario's folder (\"../bots/quiz.lua\")."),
                APIField("person", "string", doc: "A person's name."),
                APIField("name", "string", doc: "The name a bot speaks under (default: the one its script declares)."),
            ])
    ]

    /// One participant as written.
    enum Entry: Hashable, Sendable {
        case bot(path: String, name: String?)
        case person(String)
    }

    var entries: [Entry]

    static func parse(_ call: ScenarioStepCall) throws(LuaCallError) -> ParticipantsStep {
        let example = "participants { { bot = \"quiz.lua\" }, \"Bob\" }"
        let list = try LuaArguments.table(call[0], "participants", example: example)
        guard !list.array.isEmpty, list.fields.isEmpty else {
            throw LuaCallError("participants: give a list of participants, like \(example)")
        }
        var entries: [Entry] = []
        for (index, value) in list.array.enumerated() {
            let place = "participants: participant \(index + 1)"
            switch value {
            case .string(let name):
                entries.append(.person(name))
            case .table(let options):
                try LuaArguments.checkKeys(options, place, known: optionTables[0].fieldNames)
                let name = try LuaArguments.optionalString(options["name"], "\(place): name")
                switch (
                    try LuaArguments.optionalString(options["bot"], "\(place): bot"),
                    try LuaArguments.optionalString(options["person"], "\(place): person")
                ) {
                case (let path?, nil):
                    let resolved = URL(fileURLWithPath: path, relativeTo: call.folder).standardizedFileURL.path
                    entries.append(.bot(path: resolved, name: name))
                case (nil, let person?) where name == nil:
                    entries.append(.person(person))
                default:
                    throw LuaCallError(
                        "\(place): give bot = \"FILE.lua\" (and a name if you like) or person = \"NAME\"")
                }
            case let other:
                throw LuaCallError(
                    "\(place) must be a name or a table like { bot = \"quiz.lua\" }, got \(other.typeName)")
            }
        }
        return ParticipantsStep(entries: entries)
    }

    func run(in runner: ScenarioRunner, at location: SourceLocation) throws(ScenarioError) {
        for entry in entries {
            do {
                switch entry {
                case .bot(let path, let name): try runner.session.invite(botAt: path, as: name)
                case .person(let name): try runner.session.invite(person: name)
                }
            } catch {
                throw .step(location, "participants: \(error)")
            }
        }
    }
}
