/// What scenarios ran of one bot file or module: how often each line ran, which functions
/// were entered, and the handlers the bot declared in it. Merged over every scenario (and
/// every worker) of a run.
package struct FileCoverage: Codable, Hashable, Sendable {
    /// The file's absolute path.
    package var path: String
    /// Line → how many times it ran.
    var lineHits: [Int: Int]
    /// The functions that ran at least once, by where they are written.
    var enteredFunctions: Set<FunctionSpan>
    /// The handlers declared in this file (`on(...)`, `fallback`, `on_message`, `on_open`).
    package var handlers: Set<HandlerDeclaration>

    package init(
        path: String, lineHits: [Int: Int] = [:], enteredFunctions: Set<FunctionSpan> = [],
        handlers: Set<HandlerDeclaration> = []
    ) {
        self.path = path
        self.lineHits = lineHits
        self.enteredFunctions = enteredFunctions
        self.handlers = handlers
    }

    /// Adds what another scenario ran of the same file.
    package mutating func merge(_ other: FileCoverage) {
        lineHits.merge(other.lineHits, uniquingKeysWith: +)
        enteredFunctions.formUnion(other.enteredFunctions)
        handlers.formUnion(other.handlers)
    }
}

/// A Lua function by the lines it spans (`linedefined`…`lastlinedefined`), which is how the
/// debug API names a function across separate Lua states.
package struct FunctionSpan: Codable, Hashable, Sendable, Comparable {
    package var firstLine: Int
    package var lastLine: Int

    package init(firstLine: Int, lastLine: Int) {
        self.firstLine = firstLine
        self.lastLine = lastLine
    }

    package static func < (a: FunctionSpan, b: FunctionSpan) -> Bool {
        (a.firstLine, a.lastLine) < (b.firstLine, b.lastLine)
    }
}

/// A handler a bot declared: how (`on("^hi")`, `fallback`, …) and the function it runs.
package struct HandlerDeclaration: Codable, Hashable, Sendable, Comparable {
    /// How it reads in the report: `on("^hi")`, `fallback`, `on_message`, `on_open`.
    package var label: String
    package var function: FunctionSpan

    package init(label: String, function: FunctionSpan) {
        self.label = label
        self.function = function
    }

    package static func < (a: HandlerDeclaration, b: HandlerDeclaration) -> Bool {
        (a.function, a.label) < (b.function, b.label)
    }
}
