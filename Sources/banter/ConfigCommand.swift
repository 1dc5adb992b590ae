import ArgumentParser
import BanterConfig
import BanterCore
import BanterStore
import Foundation

/// `banter config`: the effective settings and where each comes from; `--init` writes a
/// commented configuration file with every key at its default.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Show the effective settings, or write a configuration file.",
        discussion: """
            Prints every setting with its value and where it comes from: an environment \
            variable, the configuration file (with its line) or the built-in default. A flag \
            given to a command beats all of these for that command. The file is \
            $XDG_CONFIG_HOME/banter/config.toml (else ~/.config/banter/config.toml), or the \
            one --config or $BANTER_CONFIG names. With --init, writes that file with every key \
            commented out at its default; an existing file is never overwritten.
            """
    )

    @Flag(name: .customLong("init"), help: "Write a commented configuration file with every key at its default.")
    var writesTemplate = false

    @OptionGroup var config: ConfigOption

    func run() throws {
        if writesTemplate {
            try writeTemplate()
            return
        }
        let settings = try config.settings()
        let resolved = try Diagnostics.exitOnConfigError { try settings.all() }
        let location = ConfigLocation.file(explicit: config.config, environment: settings.environment).path
        print(
            settings.file == nil
                ? "Configuration file: \(Sanitizer.sanitize(location)) (none: defaults and environment only)"
                : "Configuration file: \(Sanitizer.sanitize(location))")
        let rows = resolved.map { setting in
            (
                setting.key.rawValue, Sanitizer.sanitize(value(of: setting, settings: settings)),
                Sanitizer.sanitize(setting.source.description)
            )
        }
        let keyWidth = rows.map(\.0.count).max() ?? 0
        let valueWidth = min(rows.map { $0.1.count }.max() ?? 0, 48)
        for (key, value, source) in rows {
            let keyColumn = key.padding(toLength: keyWidth, withPad: " ", startingAt: 0)
            let valueColumn =
                value.count < valueWidth ? value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) : value
            print("\(keyColumn)  \(valueColumn)  \(source)")
        }
    }

    /// The value as it takes effect: the database's actual path, or the default in words.
    private func value(of setting: ResolvedSetting, settings: Settings) -> String {
        if setting.key == .database || setting.key == .bot, setting.source != .builtIn,
            let path = try? settings.path(setting.key, flag: nil)
        {
            return path
        }
        if setting.key == .database, setting.source == .builtIn {
            var environment = settings.environment
            environment["BANTER_DB"] = nil
            return ChatStore.defaultPath(environment: environment)
        }
        if setting.key == .theme, let path = (try? settings.theme(flag: nil))?.path {
            let value = setting.value?.description ?? ""
            return value == path ? path : "\(value) (\(path))"
        }
        // A size reads as it is written in the file ("64M"), not as a count of bytes.
        if setting.key == .memoryLimit, case .integer(let bytes)? = setting.value { return ConfigKey.byteText(bytes) }
        if let value = setting.value { return value.description }
        return "(\(setting.key.defaultDescription))"
    }

    private func writeTemplate() throws {
        let path = ConfigLocation.file(explicit: config.config, environment: ProcessInfo.processInfo.environment).path
        try Diagnostics.exitOnFailure {
            if FileManager.default.fileExists(atPath: path) {
                throw Diagnostics.Failure(
                    "\(path) already exists; nothing was written (edit it, or move it away for a fresh one)")
            }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                // withoutOverwriting: another process creating the file in between loses nothing.
                try Data(ConfigTemplate.text.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
            } catch {
                throw Diagnostics.Failure("cannot write \(path): \(error.localizedDescription)")
            }
        }
        print("Wrote \(path): every key is commented out at its default; uncomment a line to change it.")
    }
}
