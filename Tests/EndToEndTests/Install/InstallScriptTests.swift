import BanterTestSupport
import Foundation
import Testing

/// `scripts/install` into a temporary prefix, with the debug binary the tests already have
/// (BANTER_INSTALL_BINARY) instead of a release build.
@Suite struct InstallScriptTests {
    static let installedFiles = [
        "bin/banter",
        "share/man/man1/banter.1",
        "share/bash-completion/completions/banter",
        "share/zsh/site-functions/_banter",
        "share/fish/vendor_completions.d/banter.fish",
    ]

    @Test func installThenUninstallLeavesNothingBehind() throws {
        let folder = try TemporaryFolder()
        let prefix = folder.file("prefix with space")

        let installed = try install([prefix])
        #expect(installed.status == 0, "\(installed.standardError)")
        for file in Self.installedFiles {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) is missing")
        }
        let version = try ChildProcess.run(prefix + "/bin/banter", ["--version"])
        #expect(version.standardOutput.hasPrefix("banter 0."))
        let manifest = try String(contentsOfFile: prefix + "/share/banter/install-manifest", encoding: .utf8)
        for file in Self.installedFiles { #expect(manifest.contains("file \(prefix)/\(file)\n")) }

        // Installing again over the first install is fine and still uninstalls cleanly.
        #expect(try install([prefix]).status == 0)
        let removed = try install(["--uninstall", prefix])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: prefix))
    }

    @Test func uninstallKeepsWhatItDidNotInstall() throws {
        let folder = try TemporaryFolder()
        let prefix = folder.file("local")
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        let mine = try folder.write("local/bin/other-tool", "#!/bin/sh\n")

        #expect(try install([prefix]).status == 0)
        let removed = try install(["--uninstall", prefix])
        #expect(removed.status == 0, "\(removed.standardError)")
        #expect(FileManager.default.fileExists(atPath: mine))
        let left = try FileManager.default.subpathsOfDirectory(atPath: prefix).sorted()
        #expect(left == ["bin", "bin/other-tool"])
    }

    @Test func badPrefixesAreRefusedClearly() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("plain-file", "")
        let onFile = try install([file])
        #expect(onFile.status != 0)
        #expect(onFile.standardError.contains("exists and is not a folder"))

        let nothing = try install(["--uninstall", folder.file("never-installed")])
        #expect(nothing.status != 0)
        #expect(nothing.standardError.contains("nothing to uninstall"))

        let unknown = try install(["--frobnicate"])
        #expect(unknown.status != 0)
        #expect(unknown.standardError.contains("unknown option --frobnicate"))
    }

    private func install(_ arguments: [String]) throws -> BanterBinary.Result {
        try ChildProcess.run(
            Repository.url("scripts/install").path, arguments,
            environment: ["BANTER_INSTALL_BINARY": BanterBinary.url.path])
    }
}
