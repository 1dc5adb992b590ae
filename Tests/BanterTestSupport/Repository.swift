import Foundation

/// The checkout the tests run from, for the files they read in place (examples, docs, the
/// fuzz corpus) rather than copy into a bundle.
package enum Repository {
    /// The repository's root, found from this file's place in it
    /// (Tests/BanterTestSupport/Repository.swift).
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `path` (relative to the root) as a file URL.
    package static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
