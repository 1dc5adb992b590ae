import BanterTestSupport
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScript

/// Chunks compiled once and loaded again in binary form behave as if compiled from text:
/// same file name and lines in errors, and a changed file is compiled afresh.
@Suite struct CompiledChunkTests {
    @Test func aBotLoadedAgainKeepsItsNameAndLines() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "cached.lua",
            """
            bot { name = "Cached" }

            fallback(function(msg, chat)
              error("boom")
            end)
            """)
        for _ in 0..<3 {
            let host = TestHost()
            let runtime = try BotRuntime(scriptPath: path, host: host)
            runtime.received(host.message("hi"))
            #expect(host.failures == ["cached.lua:4: boom"])
        }
        #expect(
            CompiledChunks.shared.binary(
                for: .init(
                    chunkName: "@cached.lua", source: Array(try String(contentsOfFile: path, encoding: .utf8).utf8)))
                != nil)
    }

    @Test func aChangedFileIsCompiledAfresh() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "changing.lua", "bot { name = \"One\" }\nfallback(function(msg, chat) chat:reply(\"one\") end)")
        let host = TestHost()
        _ = try BotRuntime(scriptPath: path, host: host).received(host.message("x"))
        try folder.write(
            "changing.lua", "bot { name = \"Two\" }\n\nfallback(function(msg, chat) chat:reply(\"two\") end)")
        let runtime = try BotRuntime(scriptPath: path, host: host)
        runtime.received(host.message("x"))
        #expect(runtime.definition.name == "Two")
        #expect(host.replyTexts == ["one", "two"])
    }
}
