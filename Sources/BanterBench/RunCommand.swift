import ArgumentParser
import Foundation

/// Generates the data, runs the selected benchmarks and prints the report.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the benchmarks (the default).",
        discussion: """
            Ratios are Banter's cost over its baseline's: above 1, Banter is slower or bigger. \
            The exit status is 0 whether or not targets are met; `met` says which are.
            """
    )

    /// Every benchmark, in the order the report lists them.
    static let benchmarks: [any Benchmark] = [
        AppendBenchmark(), SendBenchmark(), PagingBenchmark(), BranchBenchmark(), BranchLeavesBenchmark(),
        SearchBenchmark(),
        LayoutBenchmark(), RenderBenchmark(), LuaDispatchBenchmark(), DebugDispatchBenchmark(), ExternalBotBenchmark(),
        CassetteBenchmark(),
        HTTPBotBenchmark(),
        ColdStartBenchmark(), ExportBenchmark(),
        ImportBenchmark(), AttachmentBenchmark(), ScenarioSuiteBenchmark(), CrawlBenchmark(), ShrinkBenchmark(),
        MutateBenchmark(),
    ]

    @Flag(help: "Print a JSON array, one object per figure, instead of the table.")
    var json = false

    @Option(name: .customLong("only"), help: "Run only this benchmark (repeatable): \(Self.names).")
    var selected: [String] = []

    @Option(name: .customLong("keep"), help: "Generate the data in this folder and keep it (for profiling).")
    var keptFolder: String?

    static var names: String { benchmarks.map(\.name).joined(separator: ", ") }

    func validate() throws {
        let unknown = selected.filter { name in !Self.benchmarks.contains { $0.name == name } }
        guard unknown.isEmpty else {
            throw ValidationError("unknown benchmark \(unknown.joined(separator: ", ")); known: \(Self.names)")
        }
    }

    func run() throws {
        let workspace = try Workspace(keeping: keptFolder)
        defer { workspace.remove() }
        let context = BenchContext(workspace: workspace)
        var figures: [Figure] = []
        for benchmark in Self.benchmarks where selected.isEmpty || selected.contains(benchmark.name) {
            context.log("running \(benchmark.name)")
            figures += try benchmark.run(in: context)
        }
        print(json ? JSONReport.render(figures) : TableReport.render(figures))
    }
}
