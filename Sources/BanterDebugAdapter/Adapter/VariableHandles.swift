/// The `variablesReference` numbers handed out during one stop, each naming what it
/// expands: a frame's locals, or a table reached from one of its variables. They are valid
/// until the bot goes on (`reset`), as the protocol says.
struct VariableHandles {
    enum Target: Hashable {
        /// The upvalues and locals of frame `frame` (0: the innermost).
        case locals(frame: Int)
        /// The table reached from variable `name` of `frame` through `path` (positions of
        /// entries, see `LuaState.children`).
        case table(frame: Int, name: String, path: [Int])
    }

    private var targets: [Target] = []
    private var numbers: [Target: Int] = [:]

    /// The number for `target` (the same one again if it has one).
    mutating func number(for target: Target) -> Int {
        if let number = numbers[target] { return number }
        targets.append(target)
        numbers[target] = targets.count
        return targets.count
    }

    /// What `number` expands, if it was handed out since the last stop.
    func target(_ number: Int) -> Target? {
        number >= 1 && number <= targets.count ? targets[number - 1] : nil
    }

    mutating func reset() {
        targets.removeAll()
        numbers.removeAll()
    }
}
