import Foundation

/// Where an export goes, written as it is produced: standard output, or a file that
/// appears only when complete (written beside it under a temporary name, then renamed), so
/// a failed or interrupted export never leaves half a file under the name asked for.
final class OutputFile {
    private let handle: FileHandle
    /// The file asked for and the temporary one being written; nil for standard output.
    private let paths: (final: String, temporary: String)?
    private var committed = false

    /// Standard output when `path` is nil, else a new temporary file beside `path`.
    init(path: String?) throws {
        guard let path else {
            handle = .standardOutput
            paths = nil
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw Diagnostics.Failure("could not write \(path): \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        paths = (path, temporary)
    }

    deinit {
        if let paths, !committed {
            try? handle.close()
            unlink(paths.temporary)
        }
    }

    /// Writes `text` now.
    func write(_ text: String) throws {
        try write(Data(text.utf8))
    }

    /// Writes `bytes` now.
    func write(_ bytes: Data) throws {
        guard !bytes.isEmpty else { return }
        do {
            try handle.write(contentsOf: bytes)
        } catch {
            throw Diagnostics.Failure("could not write \(paths?.final ?? "the export"): \(error.localizedDescription)")
        }
    }

    /// Puts a complete file in place (nothing to do for standard output).
    func commit() throws {
        guard let paths else { return }
        do {
            try handle.synchronize()
            try handle.close()
        } catch {
            throw Diagnostics.Failure("could not write \(paths.final): \(error.localizedDescription)")
        }
        guard rename(paths.temporary, paths.final) == 0 else {
            throw Diagnostics.Failure("could not write \(paths.final): \(String(cString: strerror(errno)))")
        }
        committed = true
    }
}
