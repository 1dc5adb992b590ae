import Foundation

/// A file the user named for Banter to write (`export --output`, `/save`, a shrunk scenario),
/// and how to write it so that it appears only once complete without harming what is there:
/// a regular file is written beside itself under a temporary name and renamed into place, but
/// a named pipe, a terminal or `/dev/null` is written straight through (a rename would put a
/// regular file in its place: `--output /dev/null` once replaced the machine's `/dev/null`),
/// and a symbolic link keeps pointing where it did (the file it leads to is replaced).
package struct FileDestination: Sendable {
    /// Where the bytes go: the path asked for, or the file its symbolic links lead to.
    package let path: String
    /// Whether `path` is written in place: it exists and is not a regular file.
    package let isWrittenInPlace: Bool

    /// The destination for `path` as the file system stands now.
    package init(_ path: String) {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var info = stat()
        self.path = resolved
        isWrittenInPlace = stat(resolved, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG
    }

    /// The name a complete file is written under before it is renamed to `path`: beside it,
    /// hidden, and this process's own.
    package var temporaryPath: String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial")
            .path
    }

    /// Writes `bytes` as the whole file: in place, or beside it and renamed.
    package func write(_ bytes: Data) throws {
        guard isWrittenInPlace else {
            try bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
            return
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        try handle.write(contentsOf: bytes)
    }
}
