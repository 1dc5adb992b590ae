import BanterLua
import BanterScript
import BanterTestSupport
import Testing

/// The lines with code, read from the compiled chunk: every function's instructions
/// (nested and never-run ones too), without a vararg function's VARARGPREP, as luac5.4 -l
/// lists them and lua_getinfo "L" counts them.
@Suite struct ExecutableLinesTests {
    @Test func everyFunctionsInstructionsCount() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "nest.lua",
            """
            -- a comment
            local function add(a, b)
              return a + b
            end

            local t = {
              f = function(...)
                local n = select("#", ...)
                return n
              end,
            }

            if add(1, 2) == 3 then
              print("yes")
            end
            return function() end
            """)
        // luac5.4 -l: main 1(VARARGPREP) 4 6 10 13 14 16; add 3 4; f 7(VARARGPREP) 8 9 10; last 16.
        #expect(try BotRuntime.executableLines(ofScript: path) == [3, 4, 6, 8, 9, 10, 13, 14, 16])
    }

    @Test func longFilesUseAbsoluteLineInfo() throws {
        // Lua stores an absolute line every 128 instructions and after big jumps in lines.
        let body = (1...300).map { "x = \($0)" }.joined(separator: "\n") + String(repeating: "\n", count: 400) + "y = 1"
        let folder = try TemporaryFolder()
        let path = try folder.write("long.lua", body)
        #expect(try BotRuntime.executableLines(ofScript: path) == Set(1...300).union([700]))
    }

    @Test func aSyntaxErrorIsReported() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bad.lua", "x = = 1")
        #expect(throws: ScriptError.self) { try BotRuntime.executableLines(ofScript: path) }
    }
}
