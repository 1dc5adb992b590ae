import Foundation
import PackagePlugin

/// Tells `banter --version` which commit it was built from.
///
/// A prebuild command, so it runs on every `swift build`: a shell script asks git for the
/// commit (two git calls, a few milliseconds) and rewrites `BuildCommit.swift` only when
/// the answer changed, so an unchanged checkout rebuilds nothing. Outside a git checkout of
/// this package (a source tarball), the file says so and the build still works.
@main
struct BuildCommitPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
        return [
            .prebuildCommand(
                displayName: "Reading the git commit for banter --version",
                executable: URL(filePath: "/bin/sh"),
                arguments: [
                    "-c", Self.script, "build-commit",
                    context.package.directoryURL.path(percentEncoded: false),
                    outputDirectory.path(percentEncoded: false),
                ],
                outputFilesDirectory: outputDirectory)
        ]
    }

    /// `$1` is the package's folder, `$2` the output folder. Only a checkout whose top level
    /// is the package counts: a tarball unpacked inside some other repository does not.
    private static let script = #"""
        set -eu
        root=$1
        mkdir -p "$2"
        commit=nil
        dirty=false
        top=$(git -C "$root" rev-parse --show-toplevel 2>/dev/null || true)
        if [ -n "$top" ] && [ "$(cd "$top" && pwd -P)" = "$(cd "$root" && pwd -P)" ]; then
            if hash=$(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null); then
                commit="\"$hash\""
                if [ -n "$(git -C "$root" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
                    dirty=true
                fi
            fi
        fi
        new="$2/BuildCommit.swift.new"
        printf '%s\n' \
            '// Written by Plugins/BuildCommit on every build: not in git, do not edit.' \
            '' \
            '/// The commit this binary was built from; nil when built outside a git checkout.' \
            "let buildCommit: String? = $commit" \
            '/// Whether tracked files differed from that commit when it was built.' \
            "let buildHadUncommittedChanges = $dirty" >"$new"
        if cmp -s "$new" "$2/BuildCommit.swift"; then rm "$new"; else mv "$new" "$2/BuildCommit.swift"; fi
        """#
}
