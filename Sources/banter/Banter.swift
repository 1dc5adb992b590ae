import ArgumentParser
import BanterCore

/// The `banter` command: a chat sandbox for the terminal.
@main
struct Banter: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "banter",
        abstract: "A chat sandbox for the terminal, scripted in Lua.",
        version: version,
        subcommands: [
            ChatCommand.self, RunCommand.self, ReplayCommand.self, TestCommand.self, RenderCommand.self,
            ExportCommand.self, ImportCommand.self, TestWorkerCommand.self,
        ]
    )
}
