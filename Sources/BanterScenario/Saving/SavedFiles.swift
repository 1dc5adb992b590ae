import BanterChat
import BanterCore
import BanterScript
import Foundation

/// Decides where a saved scenario finds the files the user sent, and writes those it must
/// keep itself. A scenario reads `me { file = }` from inside its own folder, so a file the
/// user attached is named by its path relative to the scenario when it is still there, in
/// that folder (or below it) with the bytes that were sent; otherwise the stored bytes are
/// written beside the scenario, in `NAME.files/` for a scenario `NAME.lua`.
enum SavedFiles {
    /// Sets each sent file's `scenarioPath` for a scenario saved at `scenarioPath`, writing
    /// the files that need it (read from the store with `contents`, nil once the message was
    /// deleted: then the file is read from where it was attached, if it is still there, or
    /// the step sends only its caption and says why in a comment).
    ///
    /// - Returns: the paths written, relative to the scenario's folder ("x.files/photo.png").
    /// - Throws: when the scenario's folder does not exist (it is not created) or a file
    ///   cannot be read or written.
    static func place(
        in recording: inout RecordedSession, scenarioPath: String, contents: (Int64) throws -> Data?
    ) throws -> [String] {
        let scenario = URL(fileURLWithPath: scenarioPath).standardizedFileURL
        let folder = scenario.deletingLastPathComponent().resolvingSymlinksInPath()
        let filesFolder = scenario.deletingPathExtension().lastPathComponent + ".files"
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            // Never create the scenario's folder on the way to its files.
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: folder.path])
        }
        var written: [String: Data] = [:]
        var steps: [RecordedSession.Step] = []
        for var step in recording.steps {
            guard case .me(var sent) = step.kind, var file = sent.file else {
                steps.append(step)
                continue
            }
            let stored = try contents(file.messageID)
            if let source = file.sourcePath, let relative = pathInside(folder, of: source, holding: stored) {
                file.scenarioPath = relative
            } else if let bytes = stored ?? file.sourcePath.flatMap({ try? Data(contentsOf: URL(fileURLWithPath: $0)) })
            {
                let relative = uniqueName(for: file.name, in: filesFolder, bytes: bytes, taken: written)
                if written[relative] == nil {
                    let target = folder.appendingPathComponent(relative)
                    try FileManager.default.createDirectory(
                        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try bytes.write(to: target, options: .atomic)
                    written[relative] = bytes
                }
                file.scenarioPath = relative
            } else {
                // Deleted, and not where it was read from: nothing to send. A caption is
                // still sent; a bare file is left as a comment.
                let what = sent.text.isEmpty ? "a message" : "the next message"
                steps.append(
                    .init(
                        time: step.time,
                        kind: .note(
                            "\(what) carried \(file.name), deleted since and no longer at its path: it cannot be sent"))
                )
                guard !sent.text.isEmpty else { continue }
                file.scenarioPath = nil
            }
            sent.file = file.scenarioPath == nil ? nil : file
            step.kind = .me(sent)
            steps.append(step)
        }
        recording.steps = steps
        return written.keys.sorted()
    }

    /// `path` relative to `folder` when it is a regular file inside it (after following
    /// symbolic links, as the scenario's reader does) that still holds `bytes` (when known).
    static func pathInside(_ folder: URL, of path: String, holding bytes: Data?) -> String? {
        let resolved = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath()
        let base = folder.pathComponents
        let parts = resolved.pathComponents
        guard parts.count > base.count, Array(parts.prefix(base.count)) == base,
            let current = try? Data(contentsOf: resolved), bytes == nil || current == bytes
        else { return nil }
        return parts.dropFirst(base.count).joined(separator: "/")
    }

    /// `FOLDER/NAME`, or `FOLDER/2-NAME`, … when another file with other bytes took it.
    static func uniqueName(for name: String, in folder: String, bytes: Data, taken: [String: Data]) -> String {
        let safe = name.isEmpty || name == "." || name == ".." || name.contains("/") ? "file" : name
        var candidate = "\(folder)/\(safe)"
        var number = 2
        while let other = taken[candidate], other != bytes {
            candidate = "\(folder)/\(number)-\(safe)"
            number += 1
        }
        return candidate
    }
}
