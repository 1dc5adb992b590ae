import Testing

/// `on(pattern, handler, { ignore_case = true })`: letters match in either case everywhere in
/// the pattern, balances (`%b`) and frontiers (`%f`) included (found by the sandbox fuzzer:
/// a text and its case-swapped twin must match at the same places).
@Suite struct IgnoreCasePatternTests {
    /// The replies a bot with one case-insensitive handler for `pattern` gives to `text`.
    func replies(_ pattern: String, _ text: String) throws -> [String] {
        let host = TestHost()
        let bot = try makeBot(
            """
            bot { name = "B" }
            on("\(pattern)", function(msg, chat, ...) chat:reply(table.concat({ "hit", ... }, " ")) end, { ignore_case = true })
            """, host: host)
        host.say(text, to: bot)
        host.advance(.seconds(60), bot)
        #expect(host.failures.isEmpty)
        return host.replyTexts
    }

    @Test func balancesIgnoreCase() throws {
        #expect(try replies("(%bxy)", "aXbY") == ["hit XbY"])
        #expect(try replies("(%bxy)", "xbxYy") == ["hit xbxYy"])
    }

    @Test func frontiersIgnoreCase() throws {
        #expect(try replies("%f[a](%a+)", "xx Alpha") == ["hit Alpha"])
        #expect(try replies("%f[%l](%a+)", "1 Bravo") == ["hit Bravo"])
    }

    @Test func theRestStillIgnoresCaseAsBefore() throws {
        #expect(try replies("my name is (%a+)", "MY NAME IS Ada") == ["hit Ada"])
        #expect(try replies("(%a)%1", "aA") == ["hit a"])
    }
}
