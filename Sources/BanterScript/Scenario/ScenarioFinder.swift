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
    /// A `.lua` file under a folder whose name is not UTF-8 stops the search: it could be a
    /// scenario that would otherwise be skipped without a word.
    public static func scenarios(in paths: [String]) throws -> [String] {
        var found: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw Missing(path: path) }
            guard isFolder.boolValue else {
                found.append(path)
                continue
            }
            let files = LuaFiles.under(path)
            if let unnamed = files.namesNotUTF8.first { throw unnamed }
            found += files.paths.filter { declaresScenario($0) }
        }
        return found
    }

    /// At most how many scenarios `scenarios(in:)` finds under `paths`: the files it would
    /// look into, counted without reading them (which is what takes time in a big suite).
    public static func mostScenarios(in paths: [String]) -> Int {
        paths.reduce(0) { total, path in
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return total }
            guard isFolder.boolValue else { return total + 1 }
            let files = LuaFiles.under(path)
            return total + files.paths.count + files.namesNotUTF8.count
        }
    }

    /// Whether the file at `path` has a line that starts a scenario declaration.
    public static func declaresScenario(_ path: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else { return false }
        return declaresScenario(bytes: [UInt8](data))
    }

    /// Whether `source` has a line starting with `scenario {` or `scenario(` (spaces allowed).
    public static func declaresScenario(source: String) -> Bool {
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
                if position < bytes.count, bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "(") {
                    return true
                }
            }
            guard let end = bytes[index...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return false }
            index = end + 1
        }
        return false
    }
}
