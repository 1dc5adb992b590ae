import BanterTestSupport
import Foundation
import Testing

/// `banter check` and `banter types` through the real binary: exit statuses, one
/// `file:line: problem` per line, a scenario's bot checked with it, the generated files.
@Suite struct CheckAndTypesCommandTests {
    @Test func checkReportsProblemsOfScenariosAndTheirBotsWithExitStatuses() throws {
        let fixture = try ChatFixture()
        try FileManager.default.createDirectory(
            at: fixture.folder.appendingPathComponent("bots"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: fixture.folder.appendingPathComponent("scenarios"), withIntermediateDirectories: true)
        try fixture.write(
            "bots/b.lua", "bot { name = \"B\" }\non(\"(x\", function(msg, chat) chat:reply(\"hi\", { aftr = 1 }) end)\n"
        )
        try fixture.write("scenarios/t.lua", "scenario { bot = \"../bots/b.lua\" }\nwait \"2hr\"\n")
        try fixture.write(
            "bots/good.lua", "bot { name = \"G\" }\nfallback(function(msg, chat) chat:reply(msg.text) end)\n")

        let clean = try BanterBinary.run(["check", "bots/good.lua"], currentDirectory: fixture.folder)
        #expect(clean.status == 0)
        #expect(clean.standardOutput.isEmpty && clean.standardError.isEmpty)

        let found = try BanterBinary.run(["check", "scenarios/t.lua"], currentDirectory: fixture.folder)
        #expect(found.status == 1)
        #expect(
            found.standardOutput == """
                scenarios/t.lua:1: scenario: its bot does not load: b.lua:2: on: bad pattern "(x": unfinished capture
                scenarios/t.lua:2: wait: invalid duration "2hr": write a number of seconds or units like 20s, 90m, 1h30m, 2d, 500ms
                bots/b.lua:2: on: bad pattern "(x": unfinished capture
                bots/b.lua:2: chat:reply: unknown option 'aftr' (known: after, typing, file, quote, buttons, quick_replies, card, final)

                """)

        let folder = try BanterBinary.run(["check", "."], currentDirectory: fixture.folder)
        #expect(folder.status == 1)
        #expect(
            folder.standardOutput.components(separatedBy: "\n").filter { $0.hasPrefix("./bots/b.lua:2:") }.count == 2)

        let missing = try BanterBinary.run(["check", "bots/good.lua", "nothere.lua"], currentDirectory: fixture.folder)
        #expect(missing.status == 2)
        #expect(missing.standardError == "banter: nothere.lua: no such file or folder\n")
    }

    @Test func typesWritesTheAnnotationsAndTheLuacheckConfigOnce() throws {
        let fixture = try ChatFixture()
        let folder = fixture.folder.path
        let first = try BanterBinary.run(["types", folder])
        #expect(first.status == 0)
        #expect(first.standardOutput == "wrote \(folder)/banter.lua\nwrote \(folder)/.luacheckrc\n")
        let annotations = try String(contentsOfFile: folder + "/banter.lua", encoding: .utf8)
        #expect(annotations.hasPrefix("---@meta banter\n"))
        #expect(annotations.contains("function BanterChat:reply(text, options) end"))
        let config = try String(contentsOfFile: folder + "/.luacheckrc", encoding: .utf8)
        #expect(config.contains("stds.banter_scenario = {"))
        let again = try BanterBinary.run(["types", folder])
        #expect(again.standardOutput == "\(folder)/banter.lua is up to date\n\(folder)/.luacheckrc is up to date\n")
        let missing = try BanterBinary.run(["types", folder + "/nope"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "banter: \(folder)/nope: no such folder (banter types does not create it)\n")
    }
}
