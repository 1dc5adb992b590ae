import BanterTestSupport
import Foundation
import Testing

/// The `banter` executable's own surface: help, version and argument errors.
@Suite struct CommandLineTests {
    @Test func versionNamesTheCommit() throws {
        let result = try BanterBinary.run(["--version"])
        #expect(result.status == 0)
        let version = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        // `--version` alone is answered before the argument parser; after a subcommand, by it.
        #expect(try BanterBinary.run(["render", "--version"]).standardOutput == result.standardOutput)
        // The tests run in the tree the binary was built from: a git checkout, or not.
        let root = Repository.root.path
        guard let top = try Self.git(["-C", root, "rev-parse", "--show-toplevel"]),
            URL(fileURLWithPath: top).standardizedFileURL == Repository.root.standardizedFileURL
        else {
            #expect(
                version.wholeMatch(of: /banter \d+\.\d+\.\d+ \(built outside a git checkout\)/) != nil, "\(version)")
            return
        }
        let match = try #require(
            version.wholeMatch(
                of: /banter \d+\.\d+\.\d+ \(commit ([0-9a-f]{12})(, with uncommitted changes)?\)/), "\(version)")
        // HEAD, or an ancestor when something was committed since the build.
        #expect(try Self.git(["-C", root, "merge-base", "--is-ancestor", String(match.1), "HEAD"]) != nil)
    }

    /// What git printed (trimmed), or nil when it failed.
    private static func git(_ arguments: [String]) throws -> String? {
        let result = try ChildProcess.run("git", arguments)
        return result.status == 0 ? result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines) : nil
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
        let eliza = Repository.url("examples/scenarios/eliza.lua").path
        let result = try BanterBinary.run(["test", eliza, "--instruction-limit", "2000"])
        #expect(result.status == 2)
        #expect(result.standardOutput.contains("more than 2000 instructions in one run"))

        let refused = try BanterBinary.run(["run", eliza, "--memory-limit", "10K"])
        #expect(refused.status != 0)
        #expect(refused.standardError.contains("--memory-limit must be at least 1M"))
    }
}
