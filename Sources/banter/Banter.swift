import ArgumentParser
import BanterCore

/// The `banter` command: a chat sandbox for the terminal.
@main
struct Banter: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "banter",
        abstract: "A chat sandbox for the terminal, scripted in Lua.",
        discussion: """
            Banter draws a chat inline as message bubbles above a readline prompt, answers with \
            a bot written in Lua 5.4, and keeps every conversation in an SQLite database \
            ($BANTER_DB, else the configuration file's, else $XDG_DATA_HOME/banter/banter.sqlite). \
            Scenarios are Lua scripts that play a conversation on a virtual clock: run prints \
            it, replay animates it, test checks their expectations. Defaults (database, bot, \
            theme, limits…) come from $XDG_CONFIG_HOME/banter/config.toml: banter config shows \
            them and where each comes from, banter themes lists the colour themes. The \
            completion scripts (bash, zsh, fish) complete conversation names from the \
            database, theme names and .lua files for --bot; scripts/install puts them, this \
            page and the binary under ~/.local. Examples:
              banter chat --bot examples/bots/alisha.lua --conversation demo
              banter render --conversation demo --limit 20
              banter export --conversation demo --format html -o demo.html
              banter test examples/
              banter config --init
              source <(banter --generate-completion-script bash)
            """,
        version: BuildVersion.description,
        subcommands: [
            ChatCommand.self, RunCommand.self, ReplayCommand.self, TestCommand.self, ShrinkCommand.self,
            MutateCommand.self, RenderCommand.self, ExportCommand.self, ImportCommand.self, ScenarioCommand.self,
            CheckCommand.self,
            CrawlCommand.self, TypesCommand.self, ConfigCommand.self, DebugAdapterCommand.self,
            ThemesCommand.self, TestWorkerCommand.self,
        ]
    )

    /// `banter --version` alone is answered before the argument parser starts: parsing even
    /// that flag reflects over the root command and the parser's completion commands, whose
    /// first type checks each scan the binary's 7 000 protocol conformances (two thirds of
    /// the process's CPU time). `banter render` with arguments `RenderArguments` reads
    /// the same way goes straight to rendering, for the same reason (a shell user runs it
    /// often). Everything else, help and every mistake included, goes through the parser.
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.elementsEqual(["--version"]) {
            print(configuration.version)
            return
        }
        if arguments.first == RenderCommand.configuration.commandName,
            let render = RenderArguments.read(arguments.dropFirst())
        {
            do {
                try render.run()
            } catch {
                exit(withError: error)
            }
        }
        main(nil)
    }
}
