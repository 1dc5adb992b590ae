import BanterLua
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScript

/// Bot files that are not what they should be: each is refused with one clear line naming
/// the file, and nothing crashes.
@Suite struct HostileFileTests {
    private static func loadError(_ path: String) -> String? {
        do {
            _ = try BotRuntime(scriptPath: path, host: TestHost())
            return nil
        } catch {
            return error.description
        }
    }

    @Test func eachBadFileIsOneClearLine() throws {
        let folder = try TemporaryFolder(prefix: "banter-hostile")
        try FileManager.default.createDirectory(atPath: folder.file("folder.lua"), withIntermediateDirectories: true)
        let files: [(name: String, bytes: [UInt8], expected: String)] = [
            (
                "binary.lua", [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0xFF, 0x10],
                "binary.lua:1: not a text file (a NUL byte at offset 6); a script must be UTF-8 text"
            ),
            (
                "latin1.lua", Array("bot { name = \"Ren".utf8) + [0xE9] + Array("e\" }\n".utf8),
                "latin1.lua:1: not UTF-8 text (byte 0xE9 at offset 17); save the script as UTF-8"
            ),
            (
                "later.lua", Array("bot { name = \"A\" }\n-- ok\n".utf8) + [0xC3, 0x28],
                "later.lua:3: not UTF-8 text (byte 0xC3 at offset 25); save the script as UTF-8"
            ),
            (
                "mixed.lua", Array("-- é ✨\n".utf8) + [0xF0, 0x9F, 0x98] + Array("x".utf8),
                "mixed.lua:2: not UTF-8 text (byte 0xF0 at offset 10); save the script as UTF-8"
            ),
            (
                "surrogate.lua", Array("ok\n".utf8) + [0xED, 0xA0, 0x80],
                "surrogate.lua:2: not UTF-8 text (byte 0xED at offset 3); save the script as UTF-8"
            ),
            (
                "chunk.lua", Array("\u{1B}Lua".utf8) + [0x54, 0x00],
                "chunk.lua:1: not a text file (a NUL byte at offset 5); a script must be UTF-8 text"
            ),
            (
                "escape.lua", Array("\u{1B}Lua".utf8),
                "escape.lua: attempt to load a binary chunk (mode is 't')"
            ),
            (
                "syntax.lua", Array("bot { name = \"A\"\non(".utf8),
                "syntax.lua:2: '}' expected (to close '{' at line 1) near 'on'"
            ),
            ("empty.lua", [], "empty.lua: no bot { name = … } declaration"),
        ]
        for file in files {
            _ = FileManager.default.createFile(atPath: folder.file(file.name), contents: Data(file.bytes))
            let message = Self.loadError(folder.file(file.name))
            if file.name == "empty.lua" {
                #expect(message?.hasPrefix("empty.lua") == true, "\(message ?? "loaded")")
            } else {
                #expect(message == file.expected)
            }
            #expect(message?.contains("\n") != true)
        }
        #expect(
            Self.loadError(folder.file("missing.lua"))
                == "missing.lua: cannot read \(folder.path)/missing.lua: there is no such file")
        #expect(
            Self.loadError(folder.file("folder.lua"))
                == "folder.lua: \(folder.path)/folder.lua is a folder, not a script file")
    }

    @Test func hugeFileNamesTheLimit() throws {
        let folder = try TemporaryFolder(prefix: "banter-hostile")
        let path = folder.file("huge.lua")
        let text = "bot { name = \"A\" }\n" + String(repeating: "local x = 1\n", count: 100_000)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(
            Self.loadError(path)
                == "huge.lua: the file is \(text.utf8.count) bytes; scripts may be at most 1048576 bytes")
    }

    @Test func requiredModulesGetTheSameChecks() throws {
        let folder = try TemporaryFolder(prefix: "banter-hostile")
        _ = FileManager.default.createFile(atPath: folder.file("lines.lua"), contents: Data([0x72, 0x65, 0xFF]))
        try "local lines = require \"lines\"\nbot { name = \"A\" }\n".write(
            toFile: folder.file("bot.lua"), atomically: true, encoding: .utf8)
        let message = try #require(Self.loadError(folder.file("bot.lua")))
        #expect(message.contains("not UTF-8 text (byte 0xFF at offset 2)"), "\(message)")
    }
}
