import BanterTestSupport
import Foundation
import Testing

@testable import BanterWatch

/// The watcher on plain temporary files, through inotify and through polling: the ways
/// editors and tools change a file are each one change, unrelated files are none.
@Suite struct FileWatcherTests {
    static let modes = [true, false]

    private func watcher(_ inotify: Bool, watching paths: [String]) throws -> FileWatcher {
        let watcher = FileWatcher(usesInotify: inotify)
        try watcher.watch(paths)
        return watcher
    }

    @Test(arguments: modes) func aWrittenFileIsOneChange(inotify: Bool) throws {
        let folder = try TemporaryFolder()
        let bot = try folder.write("bot.lua", "bot { name = \"A\" }")
        let watcher = try watcher(inotify, watching: [bot])
        try folder.write("bot.lua", "bot { name = \"B\" }")
        #expect(try watcher.wait(timeout: .seconds(5)) == .changed([bot]))
        #expect(watcher.changes().isEmpty)
    }

    /// Vim and most editors write a new file and rename it over the old one.
    @Test(arguments: modes) func aFileReplacedByRenameIsSeen(inotify: Bool) throws {
        let folder = try TemporaryFolder()
        let module = try folder.write("lines.lua", "return {}")
        let watcher = try watcher(inotify, watching: [module])
        let scratch = try folder.write(".lines.lua.swp", "return { hi = 1 }")
        #expect(rename(scratch, module) == 0)
        #expect(try watcher.wait(timeout: .seconds(5)) == .changed([module]))
    }

    @Test(arguments: modes) func creationAndDeletionAreChanges(inotify: Bool) throws {
        let folder = try TemporaryFolder()
        let later = folder.file("later.lua")
        let watcher = try watcher(inotify, watching: [later])
        try folder.write("later.lua", "return 1")
        #expect(try watcher.wait(timeout: .seconds(5)) == .changed([later]))
        #expect(unlink(later) == 0)
        #expect(try watcher.wait(timeout: .seconds(5)) == .changed([later]))
    }

    @Test(arguments: modes) func unrelatedFilesInTheSameFolderAreNoChange(inotify: Bool) throws {
        let folder = try TemporaryFolder()
        let bot = try folder.write("bot.lua", "bot { name = \"A\" }")
        let watcher = try watcher(inotify, watching: [bot])
        try folder.write("notes.txt", "unrelated")
        #expect(try watcher.wait(timeout: .milliseconds(700)) == .timedOut)
    }

    @Test func severalFilesChangedTogetherAreOneReport() throws {
        let folder = try TemporaryFolder()
        let bot = try folder.write("bot.lua", "a")
        let module = try folder.write("lines.lua", "b")
        let watcher = try watcher(true, watching: [bot, module])
        try folder.write("bot.lua", "a2")
        try folder.write("lines.lua", "b2")
        #expect(try watcher.wait(timeout: .seconds(5)) == .changed([bot, module].sorted()))
    }

    @Test func anInterruptEndsTheWait() throws {
        let folder = try TemporaryFolder()
        let watcher = try watcher(true, watching: [try folder.write("bot.lua", "a")])
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        var byte: UInt8 = 2
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(try watcher.wait(timeout: .seconds(5), interrupt: ends[0]) == .interrupted)
    }

    @Test func watchingReplacesTheWatchedSet() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("first.lua", "a")
        let second = try folder.write("second.lua", "b")
        let watcher = try watcher(true, watching: [first])
        try watcher.watch([second])
        #expect(watcher.files == [second])
        try folder.write("first.lua", "a2")
        #expect(try watcher.wait(timeout: .milliseconds(500)) == .timedOut)
        try folder.write("second.lua", "b2")
        #expect(try watcher.wait(timeout: .seconds(5)) == .changed([second]))
    }

    /// `require "lines.extra"` looked for lines/extra.lua in a folder that does not exist.
    @Test(arguments: modes) func aFileInAMissingFolderIsLookedAtWhenTheWatcherLooks(inotify: Bool) throws {
        let folder = try TemporaryFolder()
        let bot = try folder.write("bot.lua", "a")
        let module = folder.file("lines/extra.lua")
        let watcher = try watcher(inotify, watching: [bot, module])
        #expect(watcher.files == [bot, module])
        try FileManager.default.createDirectory(atPath: folder.file("lines"), withIntermediateDirectories: true)
        try folder.write("lines/extra.lua", "return {}")
        #expect(watcher.changes() == [module])
    }

    @Test func relativePathsAreTakenFromTheCurrentFolder() {
        #expect(FileWatcher.absolute("/a/b/../c/./d.lua") == "/a/c/d.lua")
        #expect(FileWatcher.absolute("x.lua") == FileSnapshot.currentFolder() + "/x.lua")
        #expect(FileWatcher.folder("/a/b.lua") == "/a")
        #expect(FileWatcher.folder("/b.lua") == "/")
    }
}
