import Testing

/// Every difference from Lua 5.4 found in the sandbox's C side (by hand or by the
/// differential fuzzer, `scripts/fuzz`), pinned once fixed. Expected values are what the
/// stand-alone lua5.4 prints for the same calls.
@Suite struct LuaDifferenceTests {
    /// Runs `expression` in a handler and returns its results joined by ",", or the failure.
    func answer(_ expression: String) throws -> String {
        let result = try SandboxTests().attack(
            """
            local r = table.pack(\(expression)) for i = 1, r.n do r[i] = tostring(r[i]) end chat:reply(table.concat(r, ",", 1, r.n))
            """)
        return result.failures.first ?? result.replies.joined(separator: "\n")
    }

    @Test func deprecatedClassZMatchesTheZeroByte() throws {
        #expect(try answer(#"string.find("a\0b", "%z")"#) == "2,2")
        #expect(try answer(#"string.match("x\0y", "%Z+")"#) == "x")
        #expect(try answer(#"string.gsub("a\0b\1", "[%z\1-\31]", "?")"#) == "a?b?,2")
        #expect(try answer(#"string.find("ab", "%f[%z]")"#) == "3,2")
    }

    @Test func jsonEscapesTheZeroByteWithZ() throws {
        // rxi/json.lua's escape_char pattern.
        let gsub = #"("a\0b\"c"):gsub('[%z\1-\031\\"]', function(c) return string.format("\\u%04x", c:byte()) end)"#
        #expect(try answer(gsub) == #"a\u0000b\u0022c,2"#)
    }

    @Test func tableMoveRaisesLuasRangeErrorsBeforeTheBudget() throws {
        #expect(
            try answer("table.move({}, 1, math.maxinteger, 2)")
                == "bot.lua:4: bad argument #4 to 'move' (destination wrap around)")
        #expect(
            try answer("table.move({}, -1, math.maxinteger, 1)")
                == "bot.lua:4: bad argument #3 to 'move' (too many elements to move)")
        #expect(
            try answer("table.move(1, 1, 2, 3)") == "bot.lua:4: bad argument #1 to 'move' (table expected, got number)")
        #expect(
            try answer("table.move({}, 1, 2, 3, 4)")
                == "bot.lua:4: bad argument #5 to 'move' (table expected, got number)")
        // Calls Lua would run still meet the budget.
        #expect(try answer("table.move({}, 1, 1e15, 2)") == "bot.lua:4: table.move: more than 1000000 elements")
        #expect(try answer("#table.move({1, 2, 3}, 1, 3, 2)") == "4")
    }

    @Test func stringRepRaisesLuasSizeErrorBeforeTheBudget() throws {
        #expect(try answer(#"string.rep("ab", math.maxinteger)"#) == "bot.lua:4: resulting string too large")
        #expect(try answer(#"("x"):rep(math.maxinteger // 2, "yz")"#) == "bot.lua:4: resulting string too large")
        #expect(try answer(#"string.rep("x", math.maxinteger)"#) == "bot.lua:4: resulting string too large")
        #expect(try answer(#"string.rep("aa", 1 << 30)"#) == "bot.lua:4: resulting string too large") // 2^31 > INT_MAX
        #expect(
            try answer(#"string.rep("x", 1 << 30)"#)
                == "bot.lua:4: string.rep: the result would be larger than the bot's memory limit")
        #expect(try answer(#"string.rep("ab", 3, "-")"#) == "ab-ab-ab")
    }
}
