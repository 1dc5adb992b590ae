import BanterLua
import Foundation

/// Bots loaded once and reused: after a bot's script has loaded, its whole Lua state is
/// copied aside (`LuaState.snapshot()`), and the next conversation that runs the same bot
/// (same file contents, seed, limits and starting memory) gets that state put back exactly
/// as it was after loading, instead of a new state running the script again. What crawling
/// a bot's paths, shrinking a scenario and a test worker's run of many scenarios spend most
/// of their Lua time on.
///
/// A load is only kept when it did not touch its host (the clock, `print`, a note), since
/// another conversation would have seen those differently; the files the bot read are read
/// again (through `SourceOverrides`) at every reuse and must be unchanged. A bot recording
/// coverage is never pooled. Use it from one thread (a session's).
package final class LoadedBotPool: @unchecked Sendable {
    struct Key: Hashable {
        var scriptPath: String
        var randomSeed: UInt64
        var limits: ScriptLimits
        var memory: [String: String]
    }

    /// One loaded bot, the copy of its state after loading, and the files it read.
    final class Entry {
        let key: Key
        let context: BotContext
        let bot: LoadedBot
        let snapshot: LuaSnapshot
        let sources: [(path: String, bytes: [UInt8]?)]
        var inUse = true

        init(key: Key, context: BotContext, bot: LoadedBot, snapshot: LuaSnapshot, sources: [(String, [UInt8]?)]) {
            self.key = key
            self.context = context
            self.bot = bot
            self.snapshot = snapshot
            self.sources = sources
        }
    }

    /// Different bots (or seeds, memories) kept at once; a worker running many suites'
    /// scenarios keeps the most recent.
    static let capacity = 8
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []
    /// How many loads reuse saved (the bench and tests read it).
    package private(set) var reuses = 0

    package init() {}

    /// The pooled bot for `key`, put back to its loaded state and handed to `host`; nil
    /// when there is none free, or its files changed (then it is dropped).
    func take(_ key: Key, host: any BotHost) -> Entry? {
        guard let entry = entries[key], !entry.inUse else { return nil }
        guard Self.unchanged(entry.sources, limit: key.limits.maxChunkBytes), entry.bot.state.restore(entry.snapshot)
        else {
            discard(entry)
            return nil
        }
        entry.context.reuse(for: host)
        entry.bot.reuse(context: entry.context)
        entry.inUse = true
        reuses += 1
        return entry
    }

    /// Keeps a bot that was just loaded in a snapshotting state, in use by its runtime;
    /// nil when its load cannot be reused.
    func keep(_ key: Key, context: BotContext, bot: LoadedBot) -> Entry? {
        guard !context.touchedHostWhileLoading, let snapshot = bot.state.snapshot() else { return nil }
        let files = [key.scriptPath] + bot.state.requiredFiles
        let sources = files.map { ($0, Self.read($0, limit: key.limits.maxChunkBytes)) }
        if let old = entries[key] {
            guard !old.inUse else { return nil }
            discard(old)
        }
        if order.count >= Self.capacity, let oldest = order.first(where: { entries[$0]?.inUse == false }) {
            entries[oldest].map(discard)
        }
        let entry = Entry(key: key, context: context, bot: bot, snapshot: snapshot, sources: sources)
        entries[key] = entry
        order.append(key)
        return entry
    }

    /// The runtime using `entry` is done with it.
    func giveBack(_ entry: Entry) {
        entry.inUse = false
    }

    /// Forgets `entry` (its runtime may keep using it, as its own).
    func discard(_ entry: Entry) {
        guard entries[entry.key] === entry else { return }
        entries[entry.key] = nil
        order.removeAll { $0 == entry.key }
    }

    private static func unchanged(_ sources: [(path: String, bytes: [UInt8]?)], limit: Int) -> Bool {
        sources.allSatisfy { source in
            guard let bytes = source.bytes else { return read(source.path, limit: limit) == nil }
            // A file read with a byte-order mark or a `#!` line differs from its bytes as
            // read: it takes the whole read.
            return LuaState.stillReads(bytes, at: source.path) || read(source.path, limit: limit) == bytes
        }
    }

    private static func read(_ path: String, limit: Int) -> [UInt8]? {
        try? LuaState.read(path, as: URL(fileURLWithPath: path).lastPathComponent, limit: limit)
    }
}
