import BanterCore
import Foundation
import TOMLKit

/// A configuration file, read and checked whole: every key known, every value of the right
/// type and valid, or a `ConfigError` at the line of the first mistake.
package struct ConfigFile: Sendable {
    /// The file's path, as errors and `banter config` name it.
    package let path: String
    /// The keys the file sets, checked, with the line each is on.
    package let entries: [ConfigKey: Entry]
    /// The language models bots may ask, by section name (`[models.NAME]`).
    package let models: [String: ModelEndpoint]

    /// One key's value with the line it is on, so later errors about it can point there.
    package struct Entry: Hashable, Sendable {
        package var value: ConfigValue
        package var line: Int?
    }

    /// The folder the file is in: relative paths in it are relative to this.
    package var folder: String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    /// Parses `text`, the content of the file at `path`.
    package init(text: String, path: String) throws(ConfigError) {
        self.path = path
        let document = try TOMLDocument(text: text, origin: path)
        let topLevel = ConfigKey.allCases.filter { $0.table == nil }.map(\.name)
        var entries: [ConfigKey: Entry] = [:]
        for key in try document.keys(
            of: document.root, at: [], accepted: topLevel + ConfigKey.tables + ["models"], what: "key")
        {
            guard key != "models", let value = document.root[key] else { continue }
            if ConfigKey.tables.contains(key) {
                let table = try document.table(value, at: [key])
                let names = ConfigKey.allCases.filter { $0.table == key }.map(\.name)
                for name in try document.keys(of: table, at: [key], accepted: names, what: "key") {
                    guard let configKey = ConfigKey(rawValue: key + "." + name), let inner = table[name] else {
                        continue
                    }
                    entries[configKey] = try Self.entry(configKey, inner, at: [key, name], in: document)
                }
            } else if let configKey = ConfigKey(rawValue: key) {
                entries[configKey] = try Self.entry(configKey, value, at: [key], in: document)
            }
        }
        self.entries = entries
        models = try Self.models(in: document)
    }

    /// Reads the file at `path`.
    package init(path: String) throws(ConfigError) {
        try self.init(text: try TextFile.read(path, what: "configuration file"), path: path)
    }

    /// The configuration for a process: the file `--config` or `BANTER_CONFIG` names (which
    /// must exist), else the default one if there is one; nil when there is none.
    package static func load(explicit: String?, environment: [String: String]) throws(ConfigError) -> ConfigFile? {
        let (path, isChosen) = ConfigLocation.file(explicit: explicit, environment: environment)
        guard FileManager.default.fileExists(atPath: path) else {
            guard isChosen else { return nil }
            throw ConfigError(
                origin: path, line: nil,
                message:
                    "no such configuration file (named by \(explicit != nil ? "--config" : "BANTER_CONFIG")); `banter config --init --config \(path)` writes one"
            )
        }
        return try ConfigFile(path: path)
    }

    private static func entry(
        _ key: ConfigKey, _ value: any TOMLValueConvertible, at path: [String], in document: TOMLDocument
    ) throws(ConfigError) -> Entry {
        let raw: ConfigValue
        if let text = value.string {
            raw = .text(text)
        } else if let number = value.int {
            raw = .integer(number)
        } else if let flag = value.bool {
            raw = .flag(flag)
        } else {
            throw document.error(
                at: path, "\(key.rawValue) must be \(key.accepted), not \(TOMLDocument.describe(value))")
        }
        do {
            return Entry(value: try key.check(raw), line: document.line(of: path))
        } catch {
            throw document.error(at: path, error.message)
        }
    }
}
