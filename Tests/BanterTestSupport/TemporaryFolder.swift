import Foundation

/// A fresh folder under the system's temporary directory, removed with its content when the
/// value is released: keep the value alive for as long as the files are used.
package final class TemporaryFolder {
    package let path: String

    /// Creates the folder, named `prefix` followed by a unique suffix.
    package init(prefix: String = "banter-tests") throws {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The folder as a file URL.
    package var url: URL { URL(fileURLWithPath: path) }

    /// The path of `name` inside the folder.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) throws -> String {
        let path = file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Creates a file holding `text`, or with `folder` a folder, at `name` inside the folder,
    /// a name given as bytes: for names that are not UTF-8, which `write` cannot spell
    /// (they are removed with the folder all the same). Returns the whole path, as bytes.
    @discardableResult
    package func create(bytes name: [UInt8], _ text: String = "", folder: Bool = false) throws -> [UInt8] {
        let whole = Array(path.utf8) + [UInt8(ascii: "/")] + name
        let cPath = (whole + [0]).map { CChar(bitPattern: $0) }
        if folder {
            guard mkdir(cPath, 0o755) == 0 else { throw CocoaError(.fileWriteUnknown) }
            return whole
        }
        let descriptor = open(cPath, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return whole
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
