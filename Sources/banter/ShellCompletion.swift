import ArgumentParser
import BanterConfig
import BanterStore
import BanterTheme
import Foundation

/// The values the shell completions offer beyond option names: declared here once and
/// attached to each option with `completion:`.
extension CompletionKind {
    /// Bot and scenario scripts: folders and `.lua` files.
    static var luaScripts: CompletionKind { .file(extensions: ["lua"]) }

    /// Theme names: the built-in ones and the user's (theme files complete as paths only
    /// when typed with a "/").
    static var themeNames: CompletionKind {
        .custom { arguments, index, prefix in
            let typed = wordAtCursor(arguments, index, prefix)
            let library = ThemeLibrary(environment: ProcessInfo.processInfo.environment)
            let names =
                BuiltInTheme.allCases.map(\.rawValue)
                + library.userThemePaths().map {
                    URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent
                }
            return names.filter { $0.hasPrefix(typed) && ConversationCompletion.isPrintable($0) }
        }
    }

    /// Conversation titles from the database the command line names (see `ConversationCompletion`).
    static var conversationTitles: CompletionKind {
        .custom { arguments, index, prefix in
            ConversationCompletion.candidates(
                arguments: arguments, prefix: wordAtCursor(arguments, index, prefix),
                environment: ProcessInfo.processInfo.environment)
        }
    }

    /// What has been typed of the word being completed. ArgumentParser 1.8.2 takes `prefix`
    /// from the last word, not the one at the cursor: with words after the cursor, the
    /// whole word at the cursor is the prefix.
    private static func wordAtCursor(_ arguments: [String], _ index: Int, _ prefix: String) -> String {
        index >= 0 && index < arguments.count - 1 ? arguments[index] : prefix
    }
}

/// Completes `--conversation` from the titles stored in the database the command would use.
enum ConversationCompletion {
    /// The titles starting with `prefix` in the database `--db` names on the command line,
    /// else `BANTER_DB`, else the configuration file's (`--config` on the line, else the
    /// usual one), else the XDG default. Nothing when a file is missing, broken or
    /// unreadable: a completion never prints an error into the user's command line.
    static func candidates(arguments: [String], prefix: String, environment: [String: String]) -> [String] {
        let configured = try? Settings.load(explicit: value(of: "--config", in: arguments), environment: environment)
            .path(.database, flag: nil)
        let path = value(of: "--db", in: arguments) ?? configured ?? ChatStore.defaultPath(environment: environment)
        let titles = (try? ChatStore.conversationTitles(inDatabaseAt: path)) ?? []
        return titles.filter { $0.hasPrefix(prefix) && isPrintable($0) }
    }

    /// The value of the last `OPTION PATH` or `OPTION=PATH` among the words typed so far.
    static func value(of option: String, in arguments: [String]) -> String? {
        var path: String?
        for (index, word) in arguments.enumerated() {
            if word == option, index + 1 < arguments.count {
                path = arguments[index + 1]
            } else if word.hasPrefix(option + "=") {
                path = String(word.dropFirst(option.count + 1))
            }
        }
        return path.flatMap { $0.isEmpty ? nil : NSString(string: $0).expandingTildeInPath }
    }

    /// Titles are untrusted text printed into the user's shell: one holding a control or
    /// format character (escape sequences, newlines, bidi overrides) is left out, not sent.
    static func isPrintable(_ title: String) -> Bool {
        !title.isEmpty
            && !title.unicodeScalars.contains { scalar in
                switch scalar.properties.generalCategory {
                case .control, .format, .lineSeparator, .paragraphSeparator: true
                default: false
                }
            }
    }
}
