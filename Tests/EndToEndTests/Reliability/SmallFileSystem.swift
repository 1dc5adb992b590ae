import BanterTestSupport
import Foundation

/// A real, tiny file system (tmpfs of a given size) mounted on a temporary folder, so a test
/// can fill the disk for real; needs root (the tests run as root in CI and here).
final class SmallFileSystem {
    /// The mount point; removed (once unmounted, by `deinit`) when the value is released.
    private let mountPoint: TemporaryFolder

    /// Whether this process may mount file systems.
    static var isAvailable: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount") }

    init(kilobytes: Int) throws {
        mountPoint = try TemporaryFolder(prefix: "banter-small")
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", mountPoint.path])
    }

    deinit {
        try? Self.run("/bin/umount", [mountPoint.path])
    }

    func path(_ name: String) -> String { mountPoint.file(name) }

    /// Fills the remaining space with a file named `name`; returns its size in bytes.
    @discardableResult
    func fill(_ name: String = "filler") -> Int {
        let descriptor = open(path(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0, count: 4096)
        var total = 0
        while true {
            let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            total += written
        }
        // The last partial block, byte by byte.
        while write(descriptor, block, 1) == 1 { total += 1 }
        return total
    }

    /// Free bytes left on the file system.
    var freeBytes: Int {
        var stats = statvfs()
        guard statvfs(mountPoint.path, &stats) == 0 else { return -1 }
        return Int(stats.f_bavail) * Int(stats.f_bsize)
    }

    static func run(_ executable: String, _ arguments: [String]) throws {
        try ChildProcess.succeed(executable, arguments)
    }
}
