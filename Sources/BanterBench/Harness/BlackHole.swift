/// Keeps the optimiser from deleting work whose result a benchmark does not otherwise use.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
