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

        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !fileManager.fileExists(atPath: folder) {
            do {
                try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .cannotCreateFolder(folder: folder, reason: reason(for: error))
            }
        }
        guard access(folder, W_OK) == 0 else {
            throw .folderNotWritable(folder: folder, path: path)
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
