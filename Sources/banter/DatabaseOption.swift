import ArgumentParser
import BanterStore
import Foundation

/// `--db`: which database a command reads or writes. Declared once for every command that
/// opens one (`chat`, `import`, `render`, `export`).
struct DatabaseOption: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The database (default: $BANTER_DB, else $XDG_DATA_HOME/banter/banter.sqlite); for chat, :memory: keeps nothing.",
        valueName: "path"), completion: .file())
    var db: String?

    /// The database to open: `--db`, else `BANTER_DB`, else the XDG default.
    func path(environment: [String: String]) -> String {
        db ?? ChatStore.defaultPath(environment: environment)
    }
}
