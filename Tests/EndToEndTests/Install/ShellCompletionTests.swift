import BanterTestSupport
import Foundation
import GRDB
import Testing

/// The completion scripts `banter --generate-completion-script` prints, and the bash one
/// run in a real bash as Tab would run it.
@Suite struct ShellCompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func scriptNamesTheCommandsAndOptions(shell: String) throws {
        let result = try BanterBinary.run(["--generate-completion-script", shell])
        #expect(result.status == 0, "\(result.standardError)")
        let script = result.standardOutput
        for word in [
            "chat", "render", "export", "import", "run", "replay", "test", "check", "types", "conversation", "bot",
            "db",
        ] {
            #expect(script.contains(word), "the \(shell) script does not mention \(word)")
        }
        // The conversation names come from banter itself, at Tab time.
        #expect(script.contains("---completion"))
    }

    @Test func bashCompletesConversationNamesFromTheDatabase() throws {
        let folder = try TemporaryFolder()
        let database = folder.file("chats.sqlite")
        try createConversations(["Alpha team", "Beta", "Alpine"], in: database)
        try rename("Alpine", to: "Al\u{1B}[31mred", in: database)

        #expect(
            try bashCompletion(["banter", "chat", "--db", database, "--conversation", ""], folder: folder)
                == ["Alpha team", "Beta"])
        #expect(
            try bashCompletion(
                ["banter", "render", "--conversation", "Al", "--db", database], cursor: 3, folder: folder)
                == ["Alpha team"])
        // BANTER_DB is the database when --db is not typed.
        #expect(
            try bashCompletion(
                ["banter", "export", "--conversation", "B"], folder: folder, environment: ["BANTER_DB": database])
                == ["Beta"])
        // A database that does not exist completes nothing and is not created.
        let missing = folder.file("missing.sqlite")
        #expect(try bashCompletion(["banter", "chat", "--db", missing, "--conversation", ""], folder: folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func bashCompletesThemeNamesAndUsesTheConfiguredDatabase() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            atPath: folder.file("config/banter/themes"), withIntermediateDirectories: true)
        try folder.write("config/banter/themes/ocean.toml", "extends = \"dark\"\n")
        #expect(
            try bashCompletion(["banter", "render", "--theme", ""], folder: folder) == [
                "dark", "default", "light", "mono", "ocean",
            ])
        #expect(try bashCompletion(["banter", "chat", "--theme", "d"], folder: folder) == ["dark", "default"])

        // The configuration file's database, when neither --db nor BANTER_DB is given.
        try createConversations(["Gamma"], in: folder.file("config/banter/mine.sqlite"))
        try folder.write("config/banter/config.toml", "database = \"mine.sqlite\"\n")
        #expect(try bashCompletion(["banter", "render", "--conversation", ""], folder: folder) == ["Gamma"])
        // A broken configuration completes nothing, and says nothing.
        try folder.write("config/banter/config.toml", "database = 3\n")
        #expect(try bashCompletion(["banter", "render", "--conversation", ""], folder: folder).isEmpty)
    }

    @Test func bashCompletesBotScripts() throws {
        let folder = try TemporaryFolder()
        try folder.write("echo.lua", "")
        try folder.write("notes.txt", "")
        let completions = try bashCompletion(["banter", "chat", "--bot", ""], folder: folder)
        #expect(completions.contains("echo.lua"))
        #expect(!completions.contains("notes.txt"))
    }

    /// COMPREPLY after calling the completion function bash's `complete` registered for
    /// banter with these words and the cursor in word `cursor` (default: the last), in `folder`.
    private func bashCompletion(
        _ words: [String], cursor: Int? = nil, folder: TemporaryFolder, environment: [String: String] = [:]
    ) throws -> [String] {
        let script = try BanterBinary.run(["--generate-completion-script", "bash"]).standardOutput
        let scriptPath = try folder.write("banter.bash", script)
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let index = cursor ?? words.count - 1
        let line = words.prefix(index + 1).joined(separator: " ")
        let driver = """
            source '\(scriptPath)'
            function=$(complete -p banter | sed -E 's/.*-F ([^ ]+) .*/\\1/')
            COMP_WORDS=(\(quoted.joined(separator: " ")))
            COMP_CWORD=\(index)
            COMP_LINE='\(line.replacingOccurrences(of: "'", with: "'\\''"))'
            COMP_POINT=${#COMP_LINE}
            "$function" banter "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var env: [String: String?] = [
            "PATH": BanterBinary.url.deletingLastPathComponent().path + ":"
                + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "BANTER_DB": nil, "XDG_DATA_HOME": folder.path, "XDG_CONFIG_HOME": folder.file("config"),
            "BANTER_CONFIG": nil,
        ]
        for (key, value) in environment { env[key] = value }
        let result = try ChildProcess.run(
            "/bin/bash", ["--norc", "--noprofile", "-c", driver], environment: env, currentDirectory: folder.url)
        #expect(result.status == 0)
        return result.standardOutput.split(separator: "\n").map(String.init).sorted()
    }

    private func createConversations(_ titles: [String], in database: String) throws {
        for title in titles {
            let result = try BanterBinary.run(["chat", "--db", database, "--conversation", title], input: "hello\n")
            #expect(result.status == 0, "\(result.standardError)")
        }
    }

    /// A title `banter chat` would not take from the command line, as another program could write it.
    private func rename(_ title: String, to newTitle: String, in database: String) throws {
        let queue = try DatabaseQueue(path: database)
        try queue.write { db in
            try db.execute(sql: "UPDATE conversations SET title = ? WHERE title = ?", arguments: [newTitle, title])
        }
        try queue.close()
    }
}
