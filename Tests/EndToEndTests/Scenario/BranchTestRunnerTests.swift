import BanterTestSupport
import Foundation
import FoundationXML
import Testing

/// `banter test` over a scenario with branches: each leaf is a test case named
/// `file › branch › leaf` in the output and in JUnit, `--shard` deals leaves, and a leaf
/// keeps its own golden transcript.
@Suite struct BranchTestRunnerTests {
    static let bot = """
        bot { name = "Echo" }
        fallback(function(msg, chat) chat:reply("echo: " .. msg.text) end)
        """

    static let scenario = """
        scenario { bot = "bot.lua" }
        me "hello"
        expect_reply "echo: hello"
        branch "says yes" {
          me "yes",
          expect_reply "echo: yes",
          branch "twice" { me "yes!"; expect_reply "echo: yes!" },
          branch "changes her mind" { me "no"; expect_reply "echo: maybe" },
        }
        branch "says no" { me "no thanks"; expect_reply "echo: no thanks" }
        """

    private func fixture() throws -> ChatFixture {
        let fixture = try ChatFixture()
        try fixture.write("bot.lua", Self.bot)
        try fixture.write("tree.lua", Self.scenario)
        try fixture.write("plain.lua", "scenario { bot = \"bot.lua\" }\nme \"hi\"\nexpect_reply \"echo: hi\"\n")
        return fixture
    }

    @Test func eachLeafRunsAsACaseNamedInTheOutputAndJUnit() throws {
        let fixture = try fixture()
        let folder = fixture.folder.path
        let report = fixture.path("report.xml")
        let result = try BanterBinary.run(["test", "-j", "2", "--junit", report, folder])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                ✓ \(folder)/plain.lua
                ✓ \(folder)/tree.lua › says yes › twice
                ✗ \(folder)/tree.lua › says yes › changes her mind
                  tree.lua:8: expected reply "echo: maybe", got "echo: no"
                    ↳ trace: "no" → fallback bot.lua:2
                      <1k instructions · reply "echo: no"
                ✓ \(folder)/tree.lua › says no
                3 passed, 1 failed

                """)
        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: report))
        let suite = try #require(document.rootElement()?.elements(forName: "testsuite").first)
        #expect(suite.attribute(forName: "tests")?.stringValue == "4")
        let cases = suite.elements(forName: "testcase")
        #expect(
            cases.map { $0.attribute(forName: "name")?.stringValue } == [
                "plain", "tree › says yes › twice", "tree › says yes › changes her mind", "tree › says no",
            ])
        #expect(cases[2].elements(forName: "failure").count == 1)
        #expect(cases.dropFirst().allSatisfy { $0.attribute(forName: "file")?.stringValue == "\(folder)/tree.lua" })
    }

    @Test func shardsDealLeaves() throws {
        let fixture = try fixture()
        let folder = fixture.folder.path
        var seen: [String] = []
        for index in 1...2 {
            let result = try BanterBinary.run(["test", "--shard", "\(index)/2", folder])
            let cases = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("✓ ") || $0.hasPrefix("✗ ") }
            #expect(cases.count == 2)
            seen += cases.map { String($0.dropFirst(2)) }
        }
        #expect(
            seen.sorted() == [
                "\(folder)/plain.lua", "\(folder)/tree.lua › says no",
                "\(folder)/tree.lua › says yes › changes her mind",
                "\(folder)/tree.lua › says yes › twice",
            ])
    }

    @Test func eachLeafKeepsItsOwnGoldenTranscript() throws {
        let fixture = try fixture()
        try fixture.write("tree.lua", Self.scenario.replacingOccurrences(of: "echo: maybe", with: "echo: no"))
        let folder = fixture.folder.path
        let update = try BanterBinary.run(["test", "--update", fixture.path("tree.lua")])
        #expect(update.status == 0)
        #expect(update.standardOutput.contains("  wrote tree › says no.transcript\n"))
        let no = try String(contentsOfFile: "\(folder)/tree › says no.transcript", encoding: .utf8)
        let twice = try String(contentsOfFile: "\(folder)/tree › says yes › twice.transcript", encoding: .utf8)
        #expect(no.contains("no thanks") && !no.contains("yes"))
        #expect(twice.contains("yes!") && !twice.contains("no thanks"))
        try fixture.write("tree › says no.transcript", no.replacingOccurrences(of: "no thanks", with: "no thanx"))
        let compare = try BanterBinary.run(["test", fixture.path("tree.lua")])
        #expect(compare.status == 1)
        #expect(compare.standardOutput.contains("✗ \(folder)/tree.lua › says no\n"))
        #expect(compare.standardOutput.hasSuffix("2 passed, 1 failed\n"))
    }

    @Test func aBadBranchIsOneErrorAtItsLine() throws {
        let fixture = try fixture()
        try fixture.write(
            "tree.lua", "scenario { bot = \"bot.lua\" }\nbranch \"a\" { me \"x\" }\nbranch \"a\" { me \"y\" }\n")
        let result = try BanterBinary.run(["test", fixture.path("tree.lua")])
        #expect(result.status == 2)
        #expect(
            result.standardOutput.contains(
                "  error: tree.lua:3: branch \"a\": a branch of that name is already at line 2; give each branch its own name (it names the test case)\n"
            ))
    }
}
