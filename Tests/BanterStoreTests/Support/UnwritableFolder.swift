import BanterTestSupport
import Foundation
import Testing

/// Runs `body` while `folder` cannot be written: its permission bits are cleared and, when
/// the tests run as root (which ignores permission bits), it is also made immutable with
/// `chattr +i`. Everything is restored afterwards.
func withUnwritableFolder(_ folder: String, _ body: () throws -> Void) throws {
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder)
    var immutable = false
    defer {
        if immutable { try? runChattr("-i", folder) }
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
    }
    if canCreateFile(in: folder) {
        try runChattr("+i", folder)
        immutable = true
    }
    try #require(!canCreateFile(in: folder), "could not make \(folder) unwritable on this machine")
    try body()
}

private func canCreateFile(in folder: String) -> Bool {
    let probe = folder + "/.write-probe"
    guard FileManager.default.createFile(atPath: probe, contents: Data()) else { return false }
    try? FileManager.default.removeItem(atPath: probe)
    return true
}

private func runChattr(_ flag: String, _ path: String) throws {
    try ChildProcess.succeed("/usr/bin/chattr", [flag, path])
}
