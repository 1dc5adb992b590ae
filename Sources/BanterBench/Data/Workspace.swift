import Foundation

/// A private temporary folder for the run's databases and scripts, removed at the end
/// unless it was given to keep (for profiling against the generated data).
final class Workspace {
    let url: URL
    let isKept: Bool

    /// Uses `folder` (created if missing) and keeps it, or a fresh temporary folder.
    init(keeping folder: String?) throws {
        if let folder {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            url = URL(fileURLWithPath: folder, isDirectory: true)
            isKept = true
            return
        }
        isKept = false
        var template = Array((NSTemporaryDirectory() + "/banter-bench-XXXXXX").utf8CString)
        guard let created = mkdtemp(&template) else {
            throw BenchError(
                "could not create a temporary folder in \(NSTemporaryDirectory()): \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(cString: created), isDirectory: true)
    }

    /// The path of `name` inside the workspace.
    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// Deletes a database with its WAL and shared-memory files.
    func removeDatabase(_ name: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: path(name) + suffix)
        }
    }

    /// Copies a closed database (one without WAL content) to a new name.
    func copyDatabase(_ source: String, to destination: String) throws {
        removeDatabase(destination)
        try FileManager.default.copyItem(atPath: path(source), toPath: path(destination))
    }

    /// Removes the folder, unless it is kept.
    func remove() {
        guard !isKept else { return }
        try? FileManager.default.removeItem(at: url)
    }
}
