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

    @Test func scenarioCommandsTakeTheSandboxLimits() throws {
        let eliza = BanterBinary.repositoryRoot.appendingPathComponent("examples/scenarios/eliza.lua").path
        let result = try BanterBinary.run(["test", eliza, "--instruction-limit", "2000"])
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("more than 2000 instructions in one run"))

        let refused = try BanterBinary.run(["run", eliza, "--memory-limit", "10K"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("--memory-limit must be at least 1M"))
    }
}
