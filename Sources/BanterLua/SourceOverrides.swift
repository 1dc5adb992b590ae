import Foundation
import Synchronization

/// Replacement text for script files, by absolute path, in this process: a `banter mutate`
/// worker runs a scenario with one bot file replaced by a mutant of it, read under the
/// file's own path and name, so that its lines, its errors and its `require`s stay those of
/// the original. Empty unless a worker sets it; every script read (`LuaState.read`) looks
/// here first.
package enum SourceOverrides {
    private static let table = Mutex<[String: [UInt8]]>([:])

    /// Replaces the files at the keys' paths with the values, until the next call.
    package static func set(_ overrides: [String: [UInt8]]) {
        let standardized = Dictionary(
            overrides.map { (URL(fileURLWithPath: $0.key).standardizedFileURL.path, $0.value) },
            uniquingKeysWith: { first, _ in first })
        table.withLock { $0 = standardized }
    }

    /// The replacement of the file at `path`, if any.
    static func source(for path: String) -> [UInt8]? {
        table.withLock { table in
            table.isEmpty ? nil : table[URL(fileURLWithPath: path).standardizedFileURL.path]
        }
    }
}
