import BanterScript
import Foundation

/// Finds the scenarios `banter test` runs: files named directly, and under folders every
/// `.lua` file that declares a scenario (a line starting with `scenario {` or
/// `scenario(`), so bots and modules next to scenarios are left alone.
package enum ScenarioFinder {
    /// Why a path given to `banter test` cannot be used.
    struct Missing: Error, Hashable, Sendable, CustomStringConvertible {
        var path: String
        var description: String { "no such file or folder: \(path)" }
    }

    /// The files a search of some paths looks at, listed but not read yet: `count` bounds
    /// how many scenarios there can be before the files are read (which is what takes time
    /// in a big suite), and `scenarios()` reads them.
    package struct Candidates: Sendable {
        /// In the order found; `named` files were given directly and always run.
        fileprivate var files: [(path: String, named: Bool)] = []

        /// How many files may be scenarios.
        package var count: Int { files.count }

        /// The scenarios among them: files named directly, and the others that declare one.
        package func scenarios() -> [String] {
            files.filter { $0.named || ScenarioFinder.declaresScenario($0.path) }.map(\.path)
        }
    }

    /// The files under `paths` that may be scenarios: each one named directly, and each
    /// folder's `.lua` files sorted by path, in the order given. A `.lua` file under a folder
    /// whose path is not UTF-8 stops the search: it could be a scenario that would otherwise
    /// be skipped without a word.
    package static func candidates(in paths: [String]) throws -> Candidates {
        var candidates = Candidates()
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw Missing(path: path)
            }
            guard isFolder.boolValue else {
                candidates.files.append((path, named: true))
                continue
            }
            let files = LuaFiles.under(path)
            if let unnamed = files.namesNotUTF8.first { throw unnamed }
            candidates.files += files.paths.map { ($0, named: false) }
        }
        return candidates
    }

    /// The scenario files under `paths` (see `candidates(in:)`), in the order given.
    package static func scenarios(in paths: [String]) throws -> [String] {
        try candidates(in: paths).scenarios()
    }

    /// Whether the file at `path` has a line that starts a scenario declaration.
    package static func declaresScenario(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return declaresScenario(bytes: [UInt8](data))
    }

    /// Whether `source` has a line starting with `scenario {` or `scenario(` (spaces allowed).
    package static func declaresScenario(source: String) -> Bool {
        declaresScenario(bytes: Array(source.utf8))
    }

    /// The same test over the file's bytes: every byte the test looks at is ASCII, so no
    /// decoding is needed (a suite of thousands of files is listed in milliseconds).
    private static func declaresScenario(bytes: [UInt8]) -> Bool {
        let keyword = Array("scenario".utf8)
        var index = 0
        while index < bytes.count {
            var position = index
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
            if bytes[position...].starts(with: keyword) {
                position += keyword.count
                while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
                if position < bytes.count, bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "(")
                {
                    return true
                }
            }
            guard let end = bytes[index...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return false }
            index = end + 1
        }
        return false
    }
}
