import BanterLua
import Foundation

/// The files a loaded bot or scenario read: its script and every module it `require`d
/// (also one `require` looked for and did not find, so creating it counts as a change).
/// Live reload and `banter test --watch` watch exactly these.
extension BotRuntime {
    /// The script and its modules, absolute, script first.
    package var sourceFiles: [String] {
        SourceFiles.list(script: scriptPath, modules: bot.state.requiredFiles)
    }
}

/// The one way of listing a script and its modules, for bots here and scenarios in
/// BanterScenario.
package enum SourceFiles {
    package static func list(script: String, modules: [String]) -> [String] {
        var files = [URL(fileURLWithPath: script).standardizedFileURL.path]
        for module in modules where !files.contains(module) { files.append(module) }
        return files
    }
}
