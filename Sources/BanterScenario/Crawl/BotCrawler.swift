import BanterChat
import BanterCore
import BanterLua
import BanterScript
import BanterStore
import Foundation

/// Walks every path of picks a bot offers (`banter crawl`): from the opening, breadth
/// first, it takes each choice of the bot's last answer, each path replayed in
/// a fresh conversation on a virtual clock, so no path sees another's memory or time. A
/// state (what the bot said after the last pick, its choices, and its memory) reached
/// before is not explored again: on the same path it is a loop, elsewhere the path joins
/// one already explored. An answer offering nothing (or no answer) ends a path: an end
/// when the bot marked it `{ final = true }`, else a dead end.
package final class BotCrawler {
    package let botPath: String
    package let depth: Int
    let limits: ScriptLimits
    /// Where every path's store comes from: an empty database in memory, rewound after each
    /// path (`InMemoryTemplate.makeReusedStore`).
    let template: InMemoryTemplate
    /// The bot, loaded once and put back to its loaded state for every path.
    let loadedBots = LoadedBotPool()
    /// When every path's conversation starts (2026-11-20 19:00 UTC).
    static let start = Timestamp(millisecondsSince1970: 1_795_201_200_000)
    /// The most paths one crawl replays, so a bot with a huge graph ends with a report.
    static let maximumReplays = 100_000
    /// How many conversations the crawl opened (one when every path started from the kept opening).
    private(set) var conversations = 0
    /// Whether paths start from a kept opening (`Opening`) when the bot allows it; off, each
    /// path opens a new conversation (what the tests compare against).
    private var reusesOpening: Bool
    private var opening: Opening?
    private var parting: Parting?
    /// How many paths played only their last pick, from where they part (see `Parting`).
    private(set) var partedReplays = 0
    static let zone = TimeZone(identifier: "UTC")!

    /// `template`: the empty database paths start from; crawling many bots in one process
    /// can share one (building it runs the migrations).
    package init(
        botPath: String, depth: Int, limits: ScriptLimits = .default, template: InMemoryTemplate? = nil,
        reusesOpening: Bool = true
    ) throws(ChatError) {
        self.reusesOpening = reusesOpening
        self.botPath = URL(fileURLWithPath: botPath).standardizedFileURL.path
        self.depth = depth
        self.limits = limits
        if let template {
            self.template = template
        } else {
            do {
                self.template = try InMemoryTemplate()
            } catch {
                throw .store(error)
            }
        }
    }

    /// Crawls the bot; a bot that does not load throws (from the first replay).
    package func crawl() throws(ChatError) -> CrawlReport {
        let started = ContinuousClock.now
        var report = CrawlReport(bot: URL(fileURLWithPath: botPath).lastPathComponent, depth: depth)
        var stateIndex: [String: Int] = [:]
        // Each entry: the picks, the states the path went through, the state it came from.
        var queue: [(picks: [CrawlReport.Pick], trail: [Int], from: Int?)] = [([], [], nil)]
        var head = 0
        while head < queue.count {
            let (picks, trail, from) = queue[head]
            head += 1
            let visit = try replay(picks)
            report.replays += 1
            if let failure = visit.failure {
                report.paths.append(
                    .init(picks: picks, outcome: .error(failure), state: nil, recording: visit.recording))
                continue
            }
            let label = picks.last?.label ?? ""
            if let known = stateIndex[visit.key] {
                let loops = trail.contains(known)
                if let from { report.edges.append(.init(from: from, label: label, to: known, loops: loops)) }
                report.paths.append(
                    .init(
                        picks: picks, outcome: loops ? .loop(to: known) : .joins(known), state: known,
                        recording: visit.recording))
                continue
            }
            let index = report.states.count
            stateIndex[visit.key] = index
            report.states.append(visit.state)
            if let from { report.edges.append(.init(from: from, label: label, to: index, loops: false)) }
            if visit.choices.isEmpty {
                report.paths.append(
                    .init(
                        picks: picks, outcome: visit.state.isFinal ? .end : .deadEnd, state: index,
                        recording: visit.recording))
            } else if picks.count >= depth || queue.count >= Self.maximumReplays {
                report.paths.append(.init(picks: picks, outcome: .cut, state: index, recording: visit.recording))
            } else {
                for choice in visit.choices {
                    let pick = CrawlReport.Pick(
                        label: choice.button.label, payload: choice.button.payload, number: choice.number)
                    queue.append((picks + [pick], trail + [index], index))
                }
            }
        }
        report.elapsed = ContinuousClock.now - started
        return report
    }

    /// What one replay of a path ended in.
    struct Visit {
        var key: String
        var state: CrawlReport.State
        var choices: [ActionChoice]
        var failure: String?
        var recording: RecordedSession
    }

    /// The conversation paths start from, opened once and kept: the session as the opening
    /// left it (`ChatSession.Mark`), and what was recorded and failed until then.
    final class Opening {
        let session: ChatSession
        let mark: ChatSession.Mark
        let log: PathLog
        let recorder: SessionRecorder
        let failures: [String]

        init(session: ChatSession, mark: ChatSession.Mark, log: PathLog) {
            self.session = session
            self.mark = mark
            self.log = log
            recorder = log.recorder.copy()
            failures = log.failures
        }
    }

    /// What the session's events leave on the path being replayed: its recording and the
    /// bot's errors since the last pick.
    final class PathLog {
        var recorder: SessionRecorder
        var failures: [String]

        init(recorder: SessionRecorder, failures: [String]) {
            self.recorder = recorder
            self.failures = failures
        }
    }

    /// The session where the paths being replayed part: after their common picks, kept
    /// (`ChatSession.Mark`) so that each of them plays only its last pick. Breadth first,
    /// the paths that part at one state come one after the other.
    struct Parting {
        var picks: [CrawlReport.Pick]
        var mark: ChatSession.Mark
        var recorder: SessionRecorder
    }

    /// Plays `picks` from the opening, letting the bot finish its work after the opening and
    /// after each pick: from the kept opening when there is one (and from where the path
    /// parts from its siblings, see `Parting`), else in a new conversation (which is kept
    /// when it can be, see `ChatSession.mark(named:)`).
    func replay(_ picks: [CrawlReport.Pick]) throws(ChatError) -> Visit {
        if let kept = opening {
            if let visit = try replay(picks, from: kept) { return visit }
            // The bot could not go back (its memory outgrew its region): new conversations from here.
            opening = nil
            parting = nil
            reusesOpening = false
        }
        let (session, log) = try open()
        if reusesOpening, let mark = try session.mark(named: "crawl_opening") {
            opening = Opening(session: session, mark: mark, log: log)
        }
        let visit = play(picks, in: session, log: log)
        if opening?.session !== session { session.onEvent = nil }
        return visit
    }

    /// Plays `picks` in the kept opening's session: from where its siblings part when that
    /// is kept, else from the opening, keeping where it parts for its siblings. Nil when the
    /// session cannot go back.
    private func replay(_ picks: [CrawlReport.Pick], from kept: Opening) throws(ChatError) -> Visit? {
        let session = kept.session
        let common = picks.dropLast()
        if let parting, parting.picks[...] == common {
            if try session.restore(parting.mark) {
                partedReplays += 1
                kept.log.recorder = parting.recorder.copy()
                kept.log.failures = []
                return play(picks.suffix(1), in: session, log: kept.log)
            }
            self.parting = nil
        }
        guard try session.restore(kept.mark) else { return nil }
        kept.log.recorder = kept.recorder.copy()
        kept.log.failures = kept.failures
        parting = nil
        guard !common.isEmpty else { return play(picks, in: session, log: kept.log) }
        take(common, in: session, log: kept.log)
        // Not when a handler still waits (an `ask`, a timer past the horizon): the next
        // sibling then goes from the opening again.
        if let mark = try session.mark(named: "crawl_parting") {
            parting = Parting(picks: Array(common), mark: mark, recorder: kept.log.recorder.copy())
        }
        return play(picks.suffix(1), in: session, log: kept.log)
    }

    /// A new conversation with the bot, opened and settled, its events going to the log.
    private func open() throws(ChatError) -> (ChatSession, PathLog) {
        conversations += 1
        let clock = VirtualClock(start: Self.start)
        var options = ChatSessionOptions(scriptLimits: limits, timeZone: Self.zone)
        options.settleHorizon = .seconds(3600)
        options.loadedBots = loadedBots
        let store: ChatStore
        do {
            store = try template.makeReusedStore()
        } catch {
            throw .store(error)
        }
        let session = try ChatSession(
            store: store, clock: clock, title: "crawl \(conversations)", botScriptPath: botPath, mode: .createNew,
            options: options)
        guard session.bot != nil else {
            throw .script(
                ScriptError(file: URL(fileURLWithPath: botPath).lastPathComponent, reason: "the bot did not load"))
        }
        // The bot's errors while the conversation opened (`on_open`) end the path there.
        let log = PathLog(recorder: SessionRecorder(session: session), failures: session.openingNotices)
        session.onEvent = { [unowned session, log] event, _ in
            log.recorder.record(event, in: session)
            if case .notice(let text) = event { log.failures.append(text) }
        }
        session.settle()
        return (session, log)
    }

    /// Plays `picks` in the opened `session`: what the bot said after the last one is the visit.
    private func play(_ picks: some Collection<CrawlReport.Pick>, in session: ChatSession, log: PathLog) -> Visit {
        visit(session, since: take(picks, in: session, log: log), log: log)
    }

    /// Picks each of `picks` in turn and lets the bot finish; returns where the messages
    /// after the last pick start.
    @discardableResult
    private func take(_ picks: some Collection<CrawlReport.Pick>, in session: ChatSession, log: PathLog) -> Int {
        var lastPick = 0
        for pick in picks {
            log.failures.removeAll()
            lastPick = session.messages.count
            do {
                try session.pick(.number(pick.number))
            } catch {
                log.failures.append("\(pick.label): \(error)")
            }
            session.settle()
        }
        return lastPick
    }

    /// The state the bot is in: what it said since `lastPick`, what it offers, its memory.
    private func visit(_ session: ChatSession, since lastPick: Int, log: PathLog) -> Visit {
        let said = session.messages[lastPick...].filter { $0.sender == .them }
        // What the bot offers now: its last answer's choices. Buttons of older messages stay
        // pickable in a chat, but following them again would make every state a loop.
        let choices = said.last.map { session.choices(of: $0) } ?? []
        let memory = session.bot?.memory ?? [:]
        // The actions as stored: canonical JSON already, no need to decode them.
        var key = said.map { $0.text + "\u{1}" + ($0.fields[.actions].json ?? "") }.joined(separator: "\u{2}")
        key += "\u{3}" + memory.keys.sorted().map { $0 + "=" + memory[$0]! }.joined(separator: "\u{2}")
        let summary = said.last.map { message in
            var text = String(message.text.prefix(60)) + (message.text.count > 60 ? "…" : "")
            if let card = message.actions?.card { text += (text.isEmpty ? "" : " ") + "[card: \(card.title)]" }
            return text
        }
        return Visit(
            key: key,
            state: CrawlReport.State(
                summary: summary ?? "(no answer)", isFinal: said.last?.actions?.isFinal ?? false,
                choices: choices.map(\.button.label)),
            choices: choices, failure: log.failures.first, recording: log.recorder.recording)
    }
}
