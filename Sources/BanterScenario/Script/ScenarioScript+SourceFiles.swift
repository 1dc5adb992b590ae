import BanterLua
import BanterScript

/// The files a loaded scenario read, for `banter test --watch` to watch.
extension ScenarioScript {
    /// The scenario file and its modules, absolute, scenario first (not the bot's: those
    /// are the bot runtime's `sourceFiles`).
    package var sourceFiles: [String] {
        SourceFiles.list(script: path, modules: state.requiredFiles)
    }
}
