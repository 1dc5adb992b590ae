import BanterScript
import BanterTestSupport
import Foundation
import Testing

@testable import BanterScenario

/// How `banter test` and `banter check` list the scripts under a folder: every `.lua` file at
/// any depth, sorted, and never a file passed over because of its name.
@Suite struct LuaFilesTests {
    @Test func listsEveryLuaFileUnderTheFolderSorted() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.file("b/deeper"), withIntermediateDirectories: true)
        for name in ["z.lua", "a.lua", "notes.txt", "b/deeper/c.lua", "b/x.lua.bak", "é.lua"] {
            try folder.write(name, "-- \(name)\n")
        }
        try FileManager.default.createSymbolicLink(atPath: folder.file("b/loop"), withDestinationPath: folder.path)

        let listed = LuaFiles.under(folder.path + "/")
        #expect(listed.paths == ["a.lua", "b/deeper/c.lua", "z.lua", "é.lua"].map { folder.path + "/" + $0 })
        #expect(listed.namesNotUTF8.isEmpty)
    }

    @Test func namesThatAreNotUTF8AreReportedWithTheirBytesVisible() throws {
        let folder = try TemporaryFolder()
        try folder.write("fine.lua", "scenario {}\n")
        try folder.create(bytes: Array("caf".utf8) + [0xE9] + Array("-\u{1F600}.lua".utf8))

        let listed = LuaFiles.under(folder.path)
        #expect(listed.paths == [folder.file("fine.lua")])
        #expect(listed.namesNotUTF8.map(\.path) == [folder.path + "/caf\\xE9-\u{1F600}.lua"])
        #expect(throws: LuaFiles.NameNotUTF8.self) { try ScenarioFinder.scenarios(in: [folder.path]) }
    }

    /// A folder named with bytes that is not UTF-8 is still looked into: a script there
    /// cannot be opened either, so it is reported, not passed over.
    @Test func filesInAFolderWhoseNameIsNotUTF8AreReported() throws {
        let folder = try TemporaryFolder()
        try folder.write("fine.lua", "scenario {}\n")
        let odd = Array("dir".utf8) + [0xC0]
        try folder.create(bytes: odd, folder: true)
        try folder.create(bytes: odd + Array("/deeper".utf8), folder: true)
        for name in ["/a.lua", "/deeper/b.lua", "/notes.txt"] {
            try folder.create(bytes: odd + Array(name.utf8))
        }

        let listed = LuaFiles.under(folder.path)
        #expect(listed.paths == [folder.file("fine.lua")])
        #expect(
            listed.namesNotUTF8.map(\.path) == ["/dir\\xC0/a.lua", "/dir\\xC0/deeper/b.lua"].map { folder.path + $0 })
    }
}
