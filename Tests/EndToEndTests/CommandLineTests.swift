import Foundation
import Testing

/// The `banter` executable's own surface: help, version and argument errors.
@Suite struct CommandLineTests {
    @Test func versionNamesTheCommit() throws {
        let result = try BanterBinary.run(["--version"])
        #expect(result.status == 0)
        let version = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        // The tests run in the tree the binary was built from: a git checkout, or not.
        let head = Process()
        head.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        head.arguments = ["-C", BanterBinary.repositoryRoot.path, "rev-parse", "--show-toplevel", "HEAD"]
        let output = Pipe()
        head.standardOutput = output
        head.standardError = FileHandle.nullDevice
        try head.run()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .split(separator: "\n")
        head.waitUntilExit()
        guard head.terminationStatus == 0, lines.count == 2,
              URL(fileURLWithPath: String(lines[0])).standardizedFileURL == BanterBinary.repositoryRoot.standardizedFileURL
        else {
            #expect(version.wholeMatch(of: /\d+\.\d+\.\d+ \(built outside a git checkout\)/) != nil, "\(version)")
            return
        }
        let match = try #require(version.wholeMatch(
            of: /\d+\.\d+\.\d+ \(commit ([0-9a-f]{12})(, with uncommitted changes)?\)/), "\(version)")
        #expect(lines[1].hasPrefix(match.1))
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
