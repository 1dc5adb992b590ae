/// A benchmark that could not run: what failed and, where it helps, what to do.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
