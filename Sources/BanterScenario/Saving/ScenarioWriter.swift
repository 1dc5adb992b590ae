import BanterCore
import BanterLua
import BanterScript
import Foundation

/// Writes a recorded chat as a scenario file `banter test` replays: `scenario { … }` with
/// the bot (relative to the file), start, zone, seed and memory, then one step per line:
/// the user's lines as `me` (files and quotes in its table form), their reactions, edits
/// and deletions as `react`/`edit`/`delete`, the gaps between them as `wait`, each bot reply
/// as `expect_reply` with its exact text (file name, quote), the bot's own reactions, edits
/// and deletions as `expect_reaction`/`expect_edit`/`expect_delete`, statuses and typing the
/// bot set at once, and section headers as a comment plus `expect_section`. Pure: tested
/// with plain values.
package enum ScenarioWriter {
    /// Gaps closer than this to a grouping boundary, or to a bot reply, keep their
    /// milliseconds; other gaps are rounded to whole seconds, which reads better and cannot
    /// change the outcome.
    static let exactnessMargin: Duration = .seconds(2)
    /// A status or typing indicator set within this time of a message was set while the
    /// message was handled (a handler runs within milliseconds of the message in a
    /// terminal), so the replay has it at the same step.
    static let togetherWindow: Duration = .milliseconds(50)
    /// `expect_reply` waits this long by default (`ScenarioScript.defaultReplyTimeout`);
    /// a reply that took longer gets a `within`.
    static let defaultWithin = ScenarioScript.defaultReplyTimeout

    /// The scenario's source, for a file at `path` (the bot's path is written relative to it).
    /// `comment` replaces the first line, which says where the scenario came from.
    package static func source(for session: RecordedSession, savedAt path: String, comment: String? = nil) -> String {
        var lines = [
            comment
                ?? "-- Saved from banter chat: replays that session with `banter test \(URL(fileURLWithPath: path).lastPathComponent)`.",
            "",
        ]
        lines += header(session, savedAt: path)
        if !session.people.isEmpty {
            lines.append("participants { \(session.people.map(literal).joined(separator: ", ")) }")
        }
        lines.append("")
        if let group = session.group {
            lines.append(participants(group.members, savedAt: path))
            lines.append("")
        }
        lines += steps(session, savedAt: path)
        return lines.joined(separator: "\n") + "\n"
    }

    static func header(_ session: RecordedSession, savedAt path: String) -> [String] {
        var fields: [String] = []
        if let bot = session.botPath { fields.append("bot = \(literal(relativePath(of: bot, from: path)))") }
        fields.append("start = \(literal(localTime(session.start, in: session.timeZone)))")
        fields.append("time_zone = \(literal(session.timeZone.identifier))")
        fields.append("seed = \(Int64(bitPattern: session.seed))")
        if let rules = session.grouping { fields.append("grouping = \(groupingTable(rules))") }
        if let group = session.group {
            fields.append("turns = \(literal(group.turns.rawValue))")
            fields.append("turn_budget = \(group.turnBudget)")
        }
        if !session.memory.isEmpty {
            let entries = session.memory.keys.sorted().map { key in
                "\(tableKey(key)) = \(MemoryCodec.decode(session.memory[key]!).map(literal) ?? "nil")"
            }
            fields.append("memory = { " + entries.joined(separator: ", ") + " }")
        }
        return ["scenario {"] + fields.map { "  \($0)," } + ["}"]
    }

    /// The steps, with the waits between them worked out on the scenario's own clock; bots
    /// that join are written relative to `path`, the scenario's file.
    static func steps(_ session: RecordedSession, savedAt path: String = "") -> [String] {
        var lines: [String] = []
        // Where the replayed scenario's clock stands: the start, plus the waits written,
        // moved on by each reply expected (which advances to it).
        var clock = wholeSeconds(session.start)
        var lastMessageTime: Timestamp?
        var rules = session.rules
        let replyTimes = session.steps.compactMap { step -> Timestamp? in
            if case .reply = step.kind { return step.time }
            return nil
        }
        // The last message written (sent, added or expected): statuses and typing set
        // within a moment of it are checked right after it.
        var anchor: Timestamp?
        // A user's message that opens a section: its header goes right above it, after the wait.
        var sectionLines: [String] = []
        // The replayed clock at the user's last message: a fork goes back there.
        var sentClock = clock
        for (index, step) in session.steps.enumerated() {
            if step.isUserAction {
                let gap = step.time - clock
                if gap > .zero {
                    let exact = needsExactGap(
                        at: step.time, since: lastMessageTime, rules: rules, replyTimes: replyTimes)
                    let written = exact ? gap : rounded(gap)
                    if written > .zero {
                        lines.append("wait \(literal(DurationParser.format(written)))")
                        clock = clock + written
                    }
                }
                anchor = step.time
            }
            switch step.kind {
            case .me(let message):
                lines += sectionLines
                sectionLines.removeAll()
                lines.append(me(message))
                lastMessageTime = step.time
                sentClock = clock
            case .them(let text):
                lines += sectionLines
                sectionLines.removeAll()
                lines.append("them \(literal(text))")
                lastMessageTime = step.time
            case .spokeAs(let name, let text):
                lines += sectionLines
                sectionLines.removeAll()
                lines.append("as \(literal(name)) \(literal(text))")
                lastMessageTime = step.time
            case .joined(let members):
                lines.append(participants(members, savedAt: path))
            case .turnGiven(let name):
                lines.append("give_turn \(literal(name))")
            case .react(let emoji, let target):
                lines.append(target == 1 ? "react \(literal(emoji))" : "react(\(literal(emoji)), { to = -\(target) })")
            case .edit(let text, let target):
                lines.append(target == 1 ? "edit \(literal(text))" : "edit(\(literal(text)), { to = -\(target) })")
            case .delete(let target):
                lines.append(target == 1 ? "delete()" : "delete { to = -\(target) }")
            case .note(let text):
                lines.append("-- \(oneLine(text))")
            case .reply(let reply):
                lines.append(expectation("expect_reply", replyFields(reply), after: step.time - clock))
                clock = max(clock, step.time)
                lastMessageTime = step.time
                anchor = step.time
            case .botReacted(let emoji, let target):
                var fields = target == 1 ? [] : ["to = -\(target)"]
                if let within = within(step.time - clock) { fields.append("within = \(literal(within))") }
                lines.append(
                    fields.isEmpty
                        ? "expect_reaction \(literal(emoji))"
                        : "expect_reaction(\(literal(emoji)), { \(fields.joined(separator: ", ")) })")
                clock = max(clock, step.time)
            case .botEdited(let text):
                lines.append(expectation("expect_edit", ["text = \(literal(text))"], after: step.time - clock))
                clock = max(clock, step.time)
            case .botDeleted(let text):
                lines.append(expectation("expect_delete", ["text = \(literal(text))"], after: step.time - clock))
                clock = max(clock, step.time)
            case .section(let header):
                // Only the user's own messages are added exactly at their step; a reply's
                // section is noted, not checked.
                let next = index + 1 < session.steps.count ? session.steps[index + 1].kind : nil
                switch next {
                case .me?, .them?, .spokeAs?:
                    sectionLines = ["-- \(oneLine(header))", "expect_section \(literal(header))"]
                default: lines.append("-- \(oneLine(header))")
                }
            case .status(let status):
                // A status the bot set at once (while handling the previous step) is checked
                // there; the last of several set together is enough.
                guard happenedTogether(anchor, step), !isStatus(session.steps, index + 1, at: step.time) else {
                    continue
                }
                lines.append("expect_status \(literal(status.rawValue))")
            case .typing:
                guard happenedTogether(anchor, step) else { continue }
                lines.append("expect_typing()")
            case .grouping(let changed):
                rules = changed
                lines.append("grouping \(groupingTable(changed))")
            case .fork(let attempt), .retry(let attempt):
                let verb = if case .fork = step.kind { "fork" } else { "retry" }
                lines.append(attempt > 1 ? "\(verb)(\(attempt))" : "\(verb)()")
                clock = sentClock
                lastMessageTime = step.time
                anchor = step.time
            }
        }
        return lines
    }

    /// A `me` step: the short form for plain text, the table form for a file or a quote.
    static func me(_ message: RecordedSession.SentMessage) -> String {
        if let tap = message.tap { return self.tap(tap) }
        guard message.file != nil || message.quote != nil else { return "me \(literal(message.text))" }
        var fields: [String] = []
        if !message.text.isEmpty || message.file == nil { fields.append("text = \(literal(message.text))") }
        if let file = message.file { fields.append("file = \(literal(file.scenarioPath ?? file.name))") }
        if let quote = message.quote { fields.append("quote = -\(quote)") }
        return "me { \(fields.joined(separator: ", ")) }"
    }

    /// `participants { { bot = "../bots/host.lua" }, { bot = "quiz.lua", name = "Quizzy" }, "Bob" }`,
    /// the bots' scripts relative to the scenario at `path`.
    static func participants(_ members: [RecordedSession.Member], savedAt path: String) -> String {
        let entries = members.map { member in
            switch member {
            case .bot(let script, let name):
                let bot = "bot = \(literal(relativePath(of: script, from: path)))"
                return "{ " + bot + (name.map { ", name = \(literal($0))" } ?? "") + " }"
            case .person(let name):
                return literal(name)
            }
        }
        return "participants { " + entries.joined(separator: ", ") + " }"
    }

    /// `tap "Yes"`, or `tap { payload = "…", to = -2 }` when the payload is not the label or
    /// the button was on an older message.
    static func tap(_ tap: RecordedSession.SentMessage.Tap) -> String {
        if tap.payload == tap.label, tap.target == nil { return "tap \(literal(tap.label))" }
        var fields = [tap.payload == tap.label ? "label = \(literal(tap.label))" : "payload = \(literal(tap.payload))"]
        if let target = tap.target { fields.append("to = -\(target)") }
        return "tap { \(fields.joined(separator: ", ")) }"
    }

    /// What `expect_reply` checks of `reply`, as table fields.
    static func replyFields(_ reply: RecordedSession.Reply) -> [String] {
        var fields: [String] = []
        if !reply.text.isEmpty || reply.fileName == nil { fields.append("text = \(literal(reply.text))") }
        if let name = reply.fileName { fields.append("file = \(literal(name))") }
        if let quote = reply.quote { fields.append("quote = \(literal(quote))") }
        if let from = reply.from { fields.insert("from = \(literal(from))", at: 0) }
        if let actions = reply.actions {
            if !actions.buttons.isEmpty { fields.append("buttons = \(buttonList(actions.buttons))") }
            if !actions.quickReplies.isEmpty { fields.append("quick_replies = \(buttonList(actions.quickReplies))") }
            if let card = actions.card {
                var keys = ["title = \(literal(card.title))"]
                if let subtitle = card.subtitle { keys.append("subtitle = \(literal(subtitle))") }
                if let image = card.image { keys.append("image = \(literal(image))") }
                if !card.buttons.isEmpty { keys.append("buttons = \(buttonList(card.buttons))") }
                fields.append("card = { \(keys.joined(separator: ", ")) }")
            }
        }
        return fields
    }

    /// `{ "Yes", { label = "No", payload = "cancel" } }`: a button is its label when that is
    /// all it has, else the keys it has.
    static func buttonList(_ buttons: [ActionButton]) -> String {
        let items = buttons.map { button in
            if let url = button.url { return "{ label = \(literal(button.label)), url = \(literal(url)) }" }
            if button.payload == button.label { return literal(button.label) }
            return "{ label = \(literal(button.label)), payload = \(literal(button.payload)) }"
        }
        return "{ \(items.joined(separator: ", ")) }"
    }

    /// `expect_x "text"` when only the text is checked, `expect_x("text", { within = … })`
    /// when it came later than the default wait allows, else the table form (`expect_reply`).
    static func expectation(_ name: String, _ fields: [String], after gap: Duration) -> String {
        let within = within(gap)
        if fields.count == 1, fields[0].hasPrefix("text = ") {
            let text = fields[0].dropFirst("text = ".count)
            guard let within else { return "\(name) \(text)" }
            return "\(name)(\(text), { within = \(literal(within)) })"
        }
        return "\(name) { \((fields + (within.map { ["within = \(literal($0))"] } ?? [])).joined(separator: ", ")) }"
    }

    /// The `within` an expectation needs when what it waits for came `gap` after the clock:
    /// nil while the default wait covers it with time to spare.
    static func within(_ gap: Duration) -> String? {
        guard gap > defaultWithin - .seconds(5) else { return nil }
        return DurationParser.format(.seconds((gap.wholeMilliseconds + 999) / 1000 + 5))
    }

    /// Whether `step` was set off by the message at `anchor` (see `togetherWindow`).
    static func happenedTogether(_ anchor: Timestamp?, _ step: RecordedSession.Step) -> Bool {
        guard let anchor else { return false }
        return step.time - anchor <= togetherWindow
    }

    private static func isStatus(_ steps: [RecordedSession.Step], _ index: Int, at time: Timestamp) -> Bool {
        guard index < steps.count, case .status = steps[index].kind else { return false }
        return steps[index].time - time <= togetherWindow
    }

    /// Whether a message at `time` must keep its exact gap: it is near a cluster or section
    /// boundary after the previous message, or near a bot reply (whose order against it
    /// must not change).
    static func needsExactGap(
        at time: Timestamp, since previous: Timestamp?, rules: GroupingRules, replyTimes: [Timestamp]
    ) -> Bool {
        func near(_ a: Duration, _ b: Duration) -> Bool {
            abs(a.wholeMilliseconds - b.wholeMilliseconds) < exactnessMargin.wholeMilliseconds
        }
        if let previous {
            let gap = time - previous
            if near(gap, rules.clusterGap) || near(gap, rules.sectionGap) { return true }
        }
        return replyTimes.contains { near(time - $0, .zero) }
    }

    static func rounded(_ gap: Duration) -> Duration {
        .seconds((gap.wholeMilliseconds + 500) / 1000)
    }

    static func wholeSeconds(_ time: Timestamp) -> Timestamp {
        Timestamp(
            millisecondsSince1970: time.millisecondsSince1970 - ((time.millisecondsSince1970 % 1000) + 1000) % 1000)
    }

    /// "2026-11-23 22:10:05" in `zone` (what `scenario { start = … }` reads).
    static func localTime(_ time: Timestamp, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: time.date)
        return String(
            format: "%04d-%02d-%02d %02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
            parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    static func groupingTable(_ rules: GroupingRules) -> String {
        "{ section_gap = \(literal(DurationParser.format(rules.sectionGap))), cluster_gap = \(literal(DurationParser.format(rules.clusterGap))), header = \(literal(rules.headerPattern)) }"
    }

    /// `path` relative to the folder of `file` ("../bots/alisha.lua"); absolute when the two
    /// share only the root, where "../../../work/bots/alisha.lua" would say less.
    static func relativePath(of path: String, from file: String) -> String {
        guard !BotAddress.isURL(path) else { return path }
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: file).standardizedFileURL.deletingLastPathComponent().pathComponents
        var common = 0
        while common < min(target.count, base.count), target[common] == base[common] { common += 1 }
        if common <= 1 { return URL(fileURLWithPath: path).standardizedFileURL.path }
        let parts = Array(repeating: "..", count: base.count - common) + target[common...]
        return parts.joined(separator: "/")
    }

    // MARK: Lua literals

    /// A Lua string literal (`StringLiteralSyntax.lua`): any text reads back exactly.
    static func literal(_ text: String) -> String {
        StringLiteralSyntax.lua.quoted(text)
    }

    /// A memory value as a Lua literal (tables with their fields in key order).
    static func literal(_ value: LuaValue) -> String {
        switch value {
        case .nil, .other: return "nil"
        case .boolean(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .number(let number): return number.isFinite ? "\(number)" : "0"
        case .string(let text): return literal(text)
        case .table(let table):
            let items =
                table.array.map(literal)
                + table.fields.keys.sorted().map { "\(tableKey($0)) = \(literal(table.fields[$0]!))" }
            return items.isEmpty ? "{}" : "{ " + items.joined(separator: ", ") + " }"
        }
    }

    /// `name` when it is a Lua identifier (and no keyword), else `["name"]`.
    static func tableKey(_ key: String) -> String {
        let keywords: Set = [
            "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
            "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
        ]
        let isIdentifier =
            key.first.map { $0 == "_" || ($0.isASCII && $0.isLetter) } == true
            && key.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber)) }
        return isIdentifier && !keywords.contains(key) ? key : "[\(literal(key))]"
    }

    /// A header as a comment: one line, nothing that could end the comment early.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline ? " " : $0 })
    }
}
