import ArgumentParser
import BanterConfig
import BanterStore
import Foundation

/// `--db`: which database a command reads or writes. Declared once for every command that
/// opens one (`chat`, `import`, `render`, `export`).
struct DatabaseOption: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database (default: $BANTER_DB, else the configuration file's, else $XDG_DATA_HOME/banter/banter.sqlite); "
                + "for chat, :memory: keeps nothing.",
            valueName: "path"), completion: .file())
    var db: String?

    /// The database to open: `--db`, else `BANTER_DB`, else the configuration file's
    /// `database`, else the XDG default.
    func path(in settings: Settings) throws -> String {
        try Self.path(db, in: settings)
    }

    static func path(_ db: String?, in settings: Settings) throws -> String {
        if let path = try Diagnostics.exitOnConfigError({ try settings.path(.database, flag: db) }) { return path }
        var environment = settings.environment
        environment["BANTER_DB"] = nil
        return ChatStore.defaultPath(environment: environment)
    }
}
