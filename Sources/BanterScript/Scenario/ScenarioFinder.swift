import Foundation

/// Finds the scenarios `banter test` runs: files named directly, and under folders every
/// `.lua` file that declares a scenario (a line starting with `scenario {` or
/// `scenario(`), so bots and modules next to scenarios are left alone.
public enum ScenarioFinder {
    /// Why a path given to `banter test` cannot be used.
    public struct Missing: Error, Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var description: String { "no such file or folder: \(path)" }
    }

    /// The scenario files under `paths`, each folder's sorted by path, in the order given.
    public static func scenarios(in paths: [String]) throws(Missing) -> [String] {
        var found: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw Missing(path: path) }
            guard isFolder.boolValue else {
                found.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let listed = FileManager.default.enumerator(atPath: path)?.allObjects.compactMap { $0 as? String } ?? []
            let files = listed.filter { $0.hasSuffix(".lua") }.sorted().map { base + "/" + $0 }
            found += files.filter { declaresScenario($0) }
        }
        return found
    }

    /// Whether the file at `path` has a line that starts a scenario declaration.
    public static func declaresScenario(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return declaresScenario(source: String(decoding: data, as: UTF8.self))
    }

    /// Whether `source` has a line starting with `scenario {` or `scenario(` (spaces allowed).
    public static func declaresScenario(source: String) -> Bool {
        source.split(whereSeparator: \.isNewline).contains { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("scenario") else { return false }
            let rest = trimmed.dropFirst("scenario".count).drop { $0 == " " || $0 == "\t" }
            return rest.hasPrefix("{") || rest.hasPrefix("(")
        }
    }
}
