import Foundation

/// A fresh folder under the system's temporary directory, removed with its content when the
/// value is released: keep the value alive for as long as the files are used.
public final class TemporaryFolder {
    public let path: String

    /// Creates the folder, named `prefix` followed by a unique suffix.
    public init(prefix: String = "banter-tests") throws {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// The folder as a file URL.
    public var url: URL { URL(fileURLWithPath: path) }

    /// The path of `name` inside the folder.
    public func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let path = file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
