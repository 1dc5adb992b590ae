import ArgumentParser

/// `--page-size` (hidden): how many messages the commands that read a whole stored
/// conversation (`render --all`, `export`) read at a time. Tests set it small to cross page
/// boundaries with few messages. Declare it after a command's other options: groups are
/// checked in the order they are declared, and a mistake in a visible option should be the
/// one reported.
struct PageSizeOption: ParsableArguments {
    @Option(name: .long, help: .hidden)
    var pageSize = 1000

    func validate() throws {
        try Self.validate(pageSize)
    }

    static func validate(_ pageSize: Int) throws {
        if pageSize < 1 { throw ValidationError("--page-size must be at least 1, got \(pageSize)") }
    }
}
