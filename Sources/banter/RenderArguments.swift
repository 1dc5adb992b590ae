import BanterConfig
import BanterCore
import BanterStore
import BanterTerminal
import BanterTheme
import Foundation

/// What `banter render` was asked, as plain values, and the rendering itself.
///
/// `RenderCommand` fills it from swift-argument-parser. `read(_:)` fills it without the
/// parser, which is most of a render's start-up: the parser reflects over every option group
/// and instantiates generic types whose requirements the Swift runtime checks by scanning
/// the binary's 7 500 protocol conformances, two thirds of the process's instructions. It
/// takes only the forms the parser reads the same way and values it accepts; anything else
/// (help, a mistake, an unusual spelling) is left to the parser, so what a person sees never
/// changes. `RenderArgumentsTests` holds the two readings equal and the option list complete.
struct RenderArguments: Equatable {
    var limit: Int?
    var all = false
    var conversation: String?
    var db: String?
    var timeZone: String?
    var width: Int?
    var color = false
    var border: BorderStyle?
    var widthModel: WidthModel?
    var theme: String?
    var config: String?
    var pageSize = 1000

    /// Every option `render` has, by its long name (the parser's spelling): the flags, then
    /// those that take a value.
    static let flags: Set = ["all", "color"]
    static let valued: Set = [
        "limit", "conversation", "db", "time-zone", "width", "border", "width-model", "theme", "config", "page-size",
    ]

    /// `arguments` (those after `render`) read without the parser, or nil when they are not
    /// all options of `render`, each at most once, in `--name value` or `--name=value` form,
    /// with a value the parser would accept and the options' checks pass.
    static func read(_ arguments: some Collection<String>) -> RenderArguments? {
        var values = RenderArguments()
        var seen: Set<String> = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("--") else { return nil }
            var name = String(argument.dropFirst(2))
            var value: String?
            if let equals = name.firstIndex(of: "=") {
                value = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            guard seen.insert(name).inserted else { return nil }
            if flags.contains(name) {
                guard value == nil else { return nil }
                if name == "all" { values.all = true } else { values.color = true }
                continue
            }
            guard valued.contains(name) else { return nil }
            if value == nil { value = rest.popFirst() }
            guard let value, !value.isEmpty, !value.hasPrefix("-") else { return nil }
            guard values.set(name, to: value) else { return nil }
        }
        do {
            try values.validate()
        } catch {
            return nil
        }
        return values
    }

    /// Sets the option `name` from its text; false when the parser would refuse the value.
    private mutating func set(_ name: String, to value: String) -> Bool {
        switch name {
        case "limit":
            limit = Int(value)
            return limit != nil
        case "width":
            width = Int(value)
            return width != nil
        case "page-size":
            guard let number = Int(value) else { return false }
            pageSize = number
        case "border":
            border = BorderStyle(rawValue: value)
            return border != nil
        case "width-model":
            widthModel = WidthModel(rawValue: value)
            return widthModel != nil
        case "conversation": conversation = value
        case "db": db = value
        case "time-zone": timeZone = value
        case "theme": theme = value
        case "config": config = value
        default: return false
        }
        return true
    }

    /// The checks of `render` and its option groups, in the parser's order.
    func validate() throws {
        try ConversationOption.validate(conversation)
        try TimeZoneOption.validate(timeZone)
        try TranscriptOptions.validate(width: width)
        try PageSizeOption.validate(pageSize)
        try RenderCommand.validate(limit: limit, all: all)
    }

    /// Prints the conversation (the newest screenful, `limit` messages or all of it), then
    /// ends the process with the database still open: it was opened read-only, so closing has
    /// nothing to write back, and GRDB's close starts Foundation's notification centre (7 %
    /// of a render's instructions).
    func run() throws -> Never {
        let settings = try ConfigOption.settings(config: config)
        let environment = settings.environment
        let style = try TranscriptOptions.style(
            width: width, color: color, border: border, widthModel: widthModel, theme: theme,
            timeZone: try TimeZoneOption.zone(timeZone, in: settings), settings: settings)
        let store = try StoredConversationOptions.withConversation(
            titled: conversation, at: try DatabaseOption.path(db, in: settings)
        ) {
            store, found in
            let printer = StoredTranscript(
                conversation: found, style: style, now: SystemClock().now,
                participants: try store.participants(conversationID: found.id),
                siblings: { page in ((try? store.siblings(in: page)) ?? nil) ?? [:] })
            if all {
                var cursor = store.cursor(conversationID: found.id, pageSize: pageSize)
                try printer.printAll { () throws(StoreError) in try cursor.next() }
            } else if let limit {
                let page = try store.latestPage(conversationID: found.id, limit: limit)
                printer.printLatest(page.messages, reachedBeginning: page.reachedBeginning)
            } else {
                let rows = max(TranscriptStyle.rows(environment: environment), 1)
                let page = try store.latestPage(conversationID: found.id, limit: rows)
                printer.printScreenful(of: page.messages, reachedBeginning: page.reachedBeginning, rows: rows)
            }
            return store
        }
        withExtendedLifetime(store) { exit(EXIT_SUCCESS) }
    }
}
