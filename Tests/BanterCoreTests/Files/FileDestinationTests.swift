import BanterCore
import BanterTestSupport
import Foundation
import Testing

/// Where a file the user named is written: beside itself and renamed when it is a regular
/// file (or not there yet), in place when it is a pipe or a device, through its symbolic links.
@Suite struct FileDestinationTests {
    @Test func aRegularFileIsReplacedWhole() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("out.txt")
        try FileDestination(path).write(Data("first\n".utf8))
        try FileDestination(path).write(Data("second\n".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        #expect(!FileDestination(path).isWrittenInPlace)
        #expect(FileDestination(path).temporaryPath.hasPrefix(folder.file(".out.txt.")))
    }

    @Test func aPipeOrADeviceIsWrittenInPlace() throws {
        #expect(FileDestination("/dev/null").isWrittenInPlace)
        let folder = try TemporaryFolder()
        let pipe = folder.file("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        let reader = FifoReader(pipe)
        try FileDestination(pipe).write(Data("through\n".utf8))
        #expect(reader.received() == Data("through\n".utf8))
        var info = stat()
        #expect(stat(pipe, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "the pipe was replaced by a file")
    }

    @Test func aSymbolicLinkLeadsToTheFileItNames() throws {
        let folder = try TemporaryFolder()
        let target = folder.file("real.txt")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        let link = folder.file("link.txt")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let destination = FileDestination(link)
        #expect(destination.path == URL(fileURLWithPath: target).resolvingSymlinksInPath().path)
        try destination.write(Data("new\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new\n")
    }
}
