import Foundation
import PackagePlugin

/// Compiles the `.lua` files of the target it is applied to into that target, as text.
///
/// Banter's trusted Lua (the sandbox prelude, the bot and scenario support code) is written
/// in `.lua` files, so editors highlight it and luacheck reads it (scripts/test), but the
/// release binary is one static executable with no resource bundle: this plugin writes one
/// Swift file, `EmbeddedLua.swift`, holding an internal `enum EmbeddedLua` with a string
/// constant per file (`prelude.lua` → `EmbeddedLua.prelude`, `bot_support.lua` →
/// `EmbeddedLua.botSupport`). The constants are raw string literals, so reading one costs
/// what a literal in the source cost before: nothing at start.
///
/// To use it in a target: put the `.lua` files anywhere in its folder and add
/// `plugins: ["EmbedLua"]` to the target in Package.swift. A build command with the files
/// as inputs, so the file is rewritten only when one of them changed.
@main
struct EmbedLuaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let files = target.sourceFiles(withSuffix: "lua").map(\.url).sorted { $0.path < $1.path }
        guard !files.isEmpty else {
            throw EmbedLuaError(
                message: "EmbedLua: target \(target.name) has no .lua files; remove the plugin from it in Package.swift"
            )
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLua.swift")
        return [
            .buildCommand(
                displayName: "Embedding the .lua files of \(target.name)",
                executable: URL(filePath: "/bin/sh"),
                arguments: ["-c", Self.script, "embed-lua", output.path(percentEncoded: false)]
                    + files.map { $0.path(percentEncoded: false) },
                inputFiles: files,
                outputFiles: [output])
        ]
    }

    /// `$1` is the Swift file to write, the rest the `.lua` files. Each becomes a raw string
    /// literal whose delimiter has one `#` more than the longest run of `#` in the file, so
    /// no text in it can end the literal or start an escape; the blank line before the
    /// closing delimiter keeps the file's own last newline in the value.
    private static let script = #"""
        set -eu
        out=$1
        shift
        new="$out.new"
        names=' '
        {
            printf '%s\n' \
                '// Written by Plugins/EmbedLua from this target'"'"'s .lua files: not in git, do not edit.' \
                '' \
                '/// The text of each .lua file in this target, by file name in lowerCamelCase.' \
                'enum EmbeddedLua {'
            for file in "$@"; do
                base=$(basename "$file" .lua)
                name=$(printf '%s' "$base" | awk -F'[_-]' '{ s = $1; for (i = 2; i <= NF; i++) s = s toupper(substr($i, 1, 1)) substr($i, 2); print s }')
                case $name in
                '' | [0-9]* | *[!A-Za-z0-9]*)
                    echo "$file: error: EmbedLua makes a Swift name of a .lua file's name; use letters, digits, '_' or '-' (not a leading digit)" >&2
                    exit 1 ;;
                esac
                case $names in
                *" $name "*)
                    echo "$file: error: another .lua file of this target is also embedded as EmbeddedLua.$name; rename one" >&2
                    exit 1 ;;
                esac
                names="$names$name "
                if ! iconv -f UTF-8 -t UTF-8 "$file" >/dev/null 2>&1; then
                    echo "$file: error: not UTF-8 text" >&2
                    exit 1
                fi
                count=$( (grep -o '#*' "$file" || true) | awk '{ if (length($0) > n) n = length($0) } END { print n + 1 }')
                hashes=$(printf "%${count}s" '' | tr ' ' '#')
                printf '    /// %s\n    static let %s = %s"""\n' "$(basename "$file")" "$name" "$hashes"
                cat "$file"
                printf '\n"""%s\n' "$hashes"
            done
            printf '}\n'
        } >"$new"
        mv "$new" "$out"
        """#
}

/// Why the plugin could not plan the target's build.
struct EmbedLuaError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
