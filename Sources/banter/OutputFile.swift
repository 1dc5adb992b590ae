import BanterCore
import Foundation

/// Where an export goes, written as it is produced: standard output, or a file that
/// appears only when complete (written beside it under a temporary name, then renamed), so
/// a failed or interrupted export never leaves half a file under the name asked for. A path
/// that is not a regular file (a named pipe, `/dev/null`) is written in place instead
/// (`FileDestination`).
final class OutputFile {
    private let handle: FileHandle
    /// The file asked for and the temporary one being written; nil for standard output and
    /// for what is written in place.
    private let paths: (final: String, temporary: String)?
    /// Whether `handle` is a file opened here (closed on commit) rather than standard output.
    private let ownsHandle: Bool
    private var committed = false

    /// Standard output when `path` is nil, else a new temporary file beside `path` (or
    /// `path` itself when it is not a regular file).
    init(path: String?) throws {
        guard let path else {
            handle = .standardOutput
            paths = nil
            ownsHandle = false
            return
        }
        let destination = FileDestination(path)
        let writing = destination.isWrittenInPlace ? destination.path : destination.temporaryPath
        guard destination.isWrittenInPlace || FileManager.default.createFile(atPath: writing, contents: nil),
            let handle = FileHandle(forWritingAtPath: writing)
        else {
            throw Diagnostics.Failure("could not write \(path): \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        ownsHandle = true
        paths = destination.isWrittenInPlace ? nil : (destination.path, writing)
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

    /// Puts a complete file in place (for standard output and what is written in place,
    /// only closes what was opened).
    func commit() throws {
        guard let paths else {
            if ownsHandle { try? handle.close() }
            return
        }
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
