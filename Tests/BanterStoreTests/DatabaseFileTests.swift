import Foundation
import Testing

@testable import BanterStore

/// The folder a database path is checked in is the one its `URL` names (the errors still
/// name it that way), found without `URL`.
@Suite struct DatabaseFileTests {
    @Test(arguments: [
        ("/data/banter.sqlite", "/data"), ("banter.sqlite", "."), ("/banter.sqlite", "/"), ("/", "/"),
        ("a/b/c.sqlite", "a/b"), ("a//b.sqlite", "a"), ("a/b/", "a"), ("./b.sqlite", "."), ("../b.sqlite", ".."),
        ("a/../b.sqlite", "a/.."), ("//b.sqlite", "/"),
    ])
    func aPathsFolderIsWhatDirnameNames(path: String, folder: String) {
        #expect(DatabaseFile.folder(of: path) == folder)
    }

    /// Resolved against the working directory, each is the folder `URL` takes off the path.
    @Test(arguments: ["banter.sqlite", "a/b/c.sqlite", "/data/banter.sqlite", "a//b.sqlite", "./b.sqlite"])
    func itIsTheFolderURLNames(path: String) {
        let folder = DatabaseFile.folder(of: path)
        let resolved = folder.hasPrefix("/") ? folder : FileManager.default.currentDirectoryPath + "/" + folder
        let expected = URL(fileURLWithPath: path).deletingLastPathComponent().path
        #expect(
            URL(fileURLWithPath: resolved).standardizedFileURL.path
                == URL(fileURLWithPath: expected).standardizedFileURL.path)
    }
}
