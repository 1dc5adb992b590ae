import Foundation
import Testing

/// The `banter` executable's own surface: help, version and argument errors.
@Suite struct CommandLineTests {
    @Test func versionPrintsTheVersion() throws {
        let result = try BanterBinary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines).range(
            of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
    }

    @Test func helpListsTheCommands() throws {
        let result = try BanterBinary.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("USAGE: banter"))
    }

    @Test func unknownCommandIsAnError() throws {
        let result = try BanterBinary.run(["frobnicate"])
        #expect(result.status != 0)
        #expect(result.standardError.contains("frobnicate"))
    }
}
