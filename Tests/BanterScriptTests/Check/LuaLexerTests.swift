import Testing

@testable import BanterScript

/// The lexer `banter check` reads literal arguments with.
@Suite struct LuaLexerTests {
    private func summary(_ source: String) -> [String] {
        LuaLexer.tokens(source).map { "\($0.line):\($0.text)" }
    }

    @Test func stringsKeepTheirValueAndLinesAreCounted() {
        #expect(
            summary("a = \"x\\ty\\65\\x41\\u{E9}\" -- comment\nb = 'q\\'s'") == [
                "1:a", "1:=", "1:x\ty" + "AA" + "é", "2:b", "2:=", "2:q's",
            ])
        #expect(
            summary("--[==[ long\ncomment ]==] x = [[\nline1\nline2]] y") == ["2:x", "2:=", "2:line1\nline2", "4:y"])
        #expect(
            summary("#!/usr/bin/lua\nf(1.5e+3, -2, 0x1F)") == [
                "2:f", "2:(", "2:1.5e+3", "2:,", "2:-", "2:2", "2:,", "2:0x1F", "2:)",
            ])
        #expect(
            summary("a ~= b .. c ... d // e") == ["1:a", "1:~=", "1:b", "1:..", "1:c", "1:...", "1:d", "1://", "1:e"])
    }

    @Test func literalCallsSkipComputedArgumentsAndFunctionBodies() {
        let tokens = LuaLexer.tokens(
            """
            on("^a", function(msg, chat) local x, y = 1, 2; chat:reply(x, { after = y }) end, { ignore_case = true })
            on(pattern, f)
            obj.on("x")
            timer:reply("x", { anything = 1 })
            """)
        let calls = LiteralCalls.find(in: tokens, globals: ["on"], methods: ["reply"])
        #expect(calls.map(\.name) == ["on", "reply", "on"])
        #expect(calls.map(\.line) == [1, 1, 2])
        guard case .string("^a") = calls[0].arguments[0], case .other = calls[0].arguments[1],
            case .table(let options) = calls[0].arguments[2]
        else {
            Issue.record("unexpected arguments \(calls[0].arguments)")
            return
        }
        #expect(options.fields.map(\.key) == ["ignore_case"])
        guard case .other = calls[1].arguments[0], case .table(let reply) = calls[1].arguments[1],
            case .other = reply.fields.first?.value
        else {
            Issue.record("unexpected arguments \(calls[1].arguments)")
            return
        }
    }
}
