import BanterCore
import BanterTestSupport
import Foundation
import Testing

@testable import BanterLua
@testable import BanterScenario
@testable import BanterScript

/// `banter types`' files: generated from the catalogue and the sandbox, covering every
/// definition, and the copies in examples/ current.
@Suite struct EditorFilesTests {
    static let examples = Repository.url("examples")

    @Test func examplesCarryTheCurrentFiles() throws {
        let annotations = try String(contentsOf: Self.examples.appendingPathComponent("banter.lua"), encoding: .utf8)
        let luacheck = try String(contentsOf: Self.examples.appendingPathComponent(".luacheckrc"), encoding: .utf8)
        #expect(
            annotations == EditorFiles.annotations(LuaAPI.all),
            "examples/banter.lua is out of date: run banter types examples")
        #expect(
            luacheck == EditorFiles.luacheckConfig(sandbox: try SandboxGlobals.read(), apis: LuaAPI.all),
            "examples/.luacheckrc is out of date: run banter types examples")
    }

    @Test func annotationsDefineEveryGlobalClassMethodAndField() {
        let text = EditorFiles.annotations(LuaAPI.all)
        #expect(text.hasPrefix("---@meta banter\n"))
        for api in LuaAPI.all {
            for function in api.globals {
                #expect(
                    text.contains(
                        "\nfunction \(function.name)(\(function.parameters.map(\.name).joined(separator: ", "))) end\n")
                )
            }
            for apiClass in api.classes {
                #expect(text.contains("\n---@class \(apiClass.name)\n"))
                for field in apiClass.fields {
                    #expect(text.contains("\n---@field \(field.name)\(field.isOptional ? "?" : "") \(field.type) "))
                }
                for method in apiClass.methods { #expect(text.contains("\nfunction \(apiClass.name):\(method.name)(")) }
            }
        }
        #expect(text.components(separatedBy: "\nfunction grouping(").count == 2, "a shared global is written once")
        #expect(text.contains("---@param options? ReplyOptions\n"))
        #expect(text.contains("---@return string? answer nil when the timeout passed\n"))
    }

    /// Both files are Lua: the annotations a language server reads, the config luacheck runs.
    @Test func bothFilesCompileAsLua() throws {
        let state = try LuaState(now: { .init(millisecondsSince1970: 0) })
        _ = try state.compiledDump(ofSource: Array(EditorFiles.annotations(LuaAPI.all).utf8), chunkName: "banter.lua")
        _ = try state.compiledDump(
            ofSource: Array(EditorFiles.luacheckConfig(sandbox: try SandboxGlobals.read(), apis: LuaAPI.all).utf8),
            chunkName: ".luacheckrc")
    }

    @Test func luacheckStandardsAreTheSandboxPlusEachAPI() throws {
        let sandbox = try SandboxGlobals.read()
        let text = EditorFiles.luacheckConfig(sandbox: sandbox, apis: LuaAPI.all)
        let bot = try #require(text.range(of: "stds.banter_bot = {")),
            scenario = try #require(text.range(of: "stds.banter_scenario = {"))
        let botPart = text[bot.upperBound..<scenario.lowerBound], scenarioPart = text[scenario.upperBound...]
        #expect(botPart.contains("\"on_message\","))
        #expect(!scenarioPart.contains("\"on_message\","))
        #expect(scenarioPart.contains("\"expect_reply\","))
        #expect(!botPart.contains("\"expect_reply\","))
        #expect(
            botPart.contains(
                "    os = { fields = { \"clock\", \"date\", \"difftime\", \"execute\", \"exit\", \"getenv\", \"remove\", \"rename\", \"setlocale\", \"time\", \"tmpname\" } },"
            ))
        #expect(sandbox["debug"]?.contains("sethook") == false, "the sandbox has no hooks")
        #expect(sandbox["string"]?.contains("dump") == false)
        #expect(text.contains("files[\"scenarios/**/*.lua\"] = { std = \"banter_scenario\" }"))
    }
}
