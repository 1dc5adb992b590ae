import Foundation

/// The checks made on a database path before SQLite sees it, and the creation of its folder.
///
/// SQLite in WAL mode creates `-wal` and `-shm` files beside the database, so both the file
/// and its folder must be writable; checking first gives a clear error instead of a vague
/// "unable to open database file" and guarantees nothing was touched.
enum DatabaseFile {
    /// Whether the file at `path` already holds data that must be inspected before use.
    enum State {
        case absentOrEmpty
        case existing
    }

    /// Validates `path` and creates its folder when missing.
    static func prepare(path: String) throws(StoreError) -> State {
        guard !path.isEmpty else {
            throw .cannotOpen(path: path, reason: "the path is empty")
        }
        let fileManager = FileManager.default
        var isDirectory: ObjCBool = false
        let exists = fileManager.fileExists(atPath: path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue {
            throw .pathIsDirectory(path: path)
        }

        let folder = folder(of: path)
        if !fileManager.fileExists(atPath: folder) {
            do {
                try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateFolder(folder: shownFolder(of: path), reason: reason(for: error))
            }
        }
        guard access(folder, W_OK) == 0 else {
            throw .folderNotWritable(folder: shownFolder(of: path), path: path)
        }
        guard exists else { return .absentOrEmpty }
        guard access(path, W_OK) == 0 else {
            throw .fileNotWritable(path: path)
        }
        // stat(2), not FileManager.attributesOfItem: that also looks up the owner's user and
        // group names (NSS, /etc/passwd, /etc/group) and bridges through NSNumber, which
        // costs every command that opens a database a measurable part of its start-up.
        var status = stat()
        guard stat(path, &status) == 0 else { return .absentOrEmpty }
        return status.st_size == 0 ? .absentOrEmpty : .existing
    }

    /// The folder holding `path`, as dirname(3) names it ("." for a bare file name), for
    /// the checks. Not through `URL`: its `path` builds a `Set<UInt8>` on first use, whose
    /// type costs a cold process a scan of every protocol conformance in the executable
    /// (0.5 M instructions, a twentieth of a short `render`'s).
    static func folder(of path: String) -> String {
        let slash = UInt8(ascii: "/")
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        while let last = bytes.last, last != slash { bytes.removeLast() }
        guard !bytes.isEmpty else { return "." }
        while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The folder holding `path` as errors name it: absolute, resolved against the working
    /// directory (the same folder as `folder(of:)`).
    private static func shownFolder(of path: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().path
    }

    private static func reason(for error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain,
            let message = strerror(Int32(underlying.code))
        {
            return String(cString: message)
        }
        return nsError.localizedDescription
    }
}
