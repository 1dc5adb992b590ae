import ArgumentParser
import BanterConfig
import BanterCore
import BanterScenario
import BanterStore
import Foundation

/// `banter scenario --from-conversation NAME --range FROM..TO`: turns a stretch of a stored
/// conversation (an imported chat history, say) into a scenario that plays it on its real
/// clock, or with `--seed` into a bot's `seed { … }` back story.
struct ScenarioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenario",
        abstract: "Write a stretch of a stored conversation as a scenario, or as a bot's seed { }.",
        discussion: """
            Reads the stretch --range FROM..TO of --from-conversation (both ends included; \
            either may be left out; without --range, the whole conversation). Each end is a \
            message (#120, as /ids on shows) or a local time (2023-12-31, 2023-12-31 21:05, \
            2023-12-31 21:05:09, read in --time-zone): a time names its whole day, minute or \
            second, so --range 2023-12-31 is that day. The scenario has no bot: your messages \
            are `me`, the other side's `them` (a group's people `as "name"`), with `wait`s of \
            their real gaps, and the conversation's grouping rules; `banter replay` and `banter \
            test` play it. Files, system lines and deleted messages are kept as comments. \
            --seed writes `seed { … }` instead, its times counted back from the last message \
            (which becomes "now"), to paste into a bot. Writes to standard output, or to -o \
            FILE (an existing file is left alone).
            """
    )

    @Option(
        name: .customLong("from-conversation"),
        help: ArgumentHelp("The stored conversation, by name.", valueName: "name"),
        completion: .conversationTitles)
    var fromConversation: String

    @Option(
        name: .long,
        help: ArgumentHelp("The stretch: FROM..TO, each a message (#ID) or a time.", valueName: "range"))
    var range: String?

    @Flag(name: .long, help: "Write a bot's seed { … } back story instead of a scenario.")
    var seed = false

    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Write to this new file instead of standard output.", valueName: "file"),
        completion: .file(extensions: ["lua"]))
    var output: String?

    @OptionGroup var database: DatabaseOption

    @OptionGroup var timeZone: TimeZoneOption

    @OptionGroup var config: ConfigOption

    func validate() throws {
        if fromConversation.allSatisfy(\.isWhitespace) {
            throw ValidationError("--from-conversation needs a name, e.g. --from-conversation ann")
        }
        if let output, FileManager.default.fileExists(atPath: output) {
            throw ValidationError("\(output) exists already: remove it, or write to another file")
        }
    }

    func run() throws {
        let settings = try config.settings()
        let zone = try timeZone.zone(in: settings)
        let stretch = try Diagnostics.exitOnFailure(status: 2) {
            do {
                return try range.map { try ConversationStretch.parseRange($0, timeZone: zone) } ?? ConversationStretch()
            } catch {
                throw Diagnostics.Failure("--range: \(error)")
            }
        }
        let path = try database.path(in: settings)
        let source = try StoredConversationOptions.withConversation(titled: fromConversation, at: path) {
            store, found in
            let messages = try StoredStretch(
                store: store, conversation: found, stretch: stretch,
                written: range.map { "--range \($0)" } ?? "the conversation")
            func described() -> String {
                "\"\(found.title)\" from #\(messages.first.id) to #\(messages.last?.id ?? messages.first.id)"
            }
            if seed {
                let all = Array(messages)
                try messages.checkFinished()
                return SeedWriter.source(for: all, comment: "-- The back story of \(described()), as a bot's seed.")
            }
            let people = try store.participants(conversationID: found.id)
                .filter { $0.kind == .person || $0.kind == .bot }.map(\.name)
            let session = RecordedSession(
                stretch: messages, rules: found.rules, timeZone: zone, people: people.count > 1 ? people : [])
            try messages.checkFinished()
            let file = output.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "FILE.lua"
            return ScenarioWriter.source(
                for: session, savedAt: output ?? FileManager.default.currentDirectoryPath + "/" + file,
                comment: "-- Made by banter scenario from \(described()): `banter replay \(file)` plays it.")
        }
        let file = try OutputFile(path: output)
        try file.write(source)
        try file.commit()
    }
}
