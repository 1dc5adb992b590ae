import BanterCore
import Foundation

/// The effective settings of one process. Every setting is resolved in one place, `resolve`,
/// by the same precedence: a flag on the command line, else the key's environment variable,
/// else the configuration file, else the built-in default.
package struct Settings: Sendable {
    /// The configuration file read, if any.
    package let file: ConfigFile?
    package let environment: [String: String]
    /// The theme without `--theme`, once `checkTheme()` has found it: every command checks
    /// it at start, and the drawing ones then use it, so a theme file is read only once.
    private var checkedTheme: ThemeChoice?

    package init(file: ConfigFile?, environment: [String: String]) {
        self.file = file
        self.environment = environment
    }

    /// The settings of a process: the configuration file `--config` (`explicit`) or
    /// `BANTER_CONFIG` names, else the default one when it exists; a broken file is an error.
    package static func load(explicit: String?, environment: [String: String]) throws(ConfigError) -> Settings {
        Settings(file: try ConfigFile.load(explicit: explicit, environment: environment), environment: environment)
    }

    /// `key`'s value by precedence: `flag` (given on the command line), else the key's
    /// environment variable (checked like a file's value), else the file, else the default.
    package func resolve(_ key: ConfigKey, flag: ConfigValue? = nil) throws(ConfigError) -> ResolvedSetting {
        if let flag { return ResolvedSetting(key: key, value: flag, source: .flag(key.flag)) }
        if let variable = key.environmentVariable, let text = environment[variable],
            let value = key.environmentValue(text)
        {
            do {
                return ResolvedSetting(key: key, value: try key.check(value), source: .environment(variable))
            } catch {
                throw ConfigError(origin: variable, line: nil, message: error.message)
            }
        }
        if let file, let entry = file.entries[key] {
            return ResolvedSetting(key: key, value: entry.value, source: .file(path: file.path, line: entry.line))
        }
        return ResolvedSetting(key: key, value: key.defaultValue, source: .builtIn)
    }

    /// Every key's effective value, for `banter config`.
    package func all() throws(ConfigError) -> [ResolvedSetting] {
        var settings: [ResolvedSetting] = []
        for key in ConfigKey.allCases { settings.append(try resolve(key)) }
        return settings
    }

    /// A path setting, made usable: a path from the file is relative to the file's folder
    /// ("~" expanded); one from a flag or the environment is used as given.
    package func path(_ key: ConfigKey, flag: String?) throws(ConfigError) -> String? {
        let setting = try resolve(key, flag: flag.map(ConfigValue.text))
        guard let path = setting.value?.text else { return nil }
        guard case .file = setting.source, let file, path != ":memory:", !BotAddress.isURL(path) else { return path }
        return ConfigLocation.resolve(path, relativeTo: file.folder)
    }

    /// The theme (`--theme`, `BANTER_THEME`, `theme = …`, else `default`): a theme file named
    /// in the configuration file is found relative to it.
    package func theme(flag: String?) throws(ConfigError) -> ThemeChoice {
        if flag == nil, let checkedTheme { return checkedTheme }
        let setting = try resolve(.theme, flag: flag.map(ConfigValue.text))
        let library = ThemeLibrary(environment: environment)
        let name = setting.value?.text ?? ConfigKey.theme.defaultValue?.text ?? "default"
        var folder: String?
        if case .file = setting.source { folder = file?.folder }
        do {
            return try library.theme(name, relativeTo: folder)
        } catch  where error.origin == "theme" {
            // An unknown name: say where it was set.
            throw ConfigError(
                origin: Self.origin(of: setting.source), line: Self.line(of: setting.source), message: error.message)
        }
    }

    /// Finds and reads the theme `BANTER_THEME` or the file names (else `default`), so a
    /// broken one stops a command at start; `theme(flag: nil)` then returns it.
    package mutating func checkTheme() throws(ConfigError) {
        checkedTheme = try theme(flag: nil)
    }

    /// How an error names where a setting was written.
    static func origin(of source: SettingSource) -> String {
        switch source {
        case .flag(let name): name
        case .environment(let name): name
        case .file(let path, _): path
        case .builtIn: "theme"
        }
    }

    static func line(of source: SettingSource) -> Int? {
        if case .file(_, let line) = source { return line }
        return nil
    }
}

extension Settings {
    /// The grouping rules and header pattern new conversations start with: the file's
    /// `[grouping]` keys, else the built-in rules. (A conversation's own rules, changed with
    /// /rules or from Lua, are stored with it and win from then on.)
    package func newConversationRules() throws(ConfigError) -> GroupingRules {
        func duration(_ key: ConfigKey) throws(ConfigError) -> Duration? {
            guard let text = try resolve(key).value?.text else { return nil }
            return try? DurationParser.parse(text)
        }
        var rules = GroupingRules()
        if let gap = try duration(.sectionGap) { rules.sectionGap = gap }
        if let gap = try duration(.clusterGap) { rules.clusterGap = gap }
        if let pattern = try resolve(.headerPattern).value?.text { rules.headerPattern = pattern }
        return rules
    }

    /// A switch (`animation`, `watch`): `flag` when the command line sets it, else by
    /// precedence, else on.
    package func isOn(_ key: ConfigKey, flag: Bool? = nil) throws(ConfigError) -> Bool {
        try resolve(key, flag: flag.map(ConfigValue.flag)).value?.flag ?? true
    }
}
