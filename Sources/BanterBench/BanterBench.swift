import ArgumentParser

/// Banter's benchmarks, run by `scripts/bench`: every figure of the performance targets,
/// each compared in the same run with the raw engine underneath it.
@main
struct BanterBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "BanterBench",
        abstract: "Runs Banter's benchmarks and prints one table (or JSON).",
        subcommands: [RunCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
