/// One group of figures of the report, run against the shared context.
protocol Benchmark: Sendable {
    /// The name `--only` selects it by, e.g. "paging".
    var name: String { get }

    func run(in context: BenchContext) throws -> [Figure]
}
