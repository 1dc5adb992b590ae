import Foundation

/// The `.lua` files under a folder, for `banter test` and `banter check` to pick their
/// scripts from. Read with `readdir` rather than `FileManager`'s enumerator, which drops a
/// name that is not UTF-8 without a word: a scenario named so would silently never run.
public enum LuaFiles {
    /// A `.lua` file whose name has bytes that are not UTF-8, so Banter cannot name or open
    /// it.
    public struct NameNotUTF8: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path, with each byte that is not UTF-8 written as `\xFF`.
        public var path: String
        public var description: String {
            "\(path): the file's name has bytes that are not UTF-8, which Banter cannot open; rename it"
        }
    }

    /// Every `.lua` file under `folder` (symbolic links to folders are not followed), sorted
    /// by path, each path starting with `folder`; and those whose names are not UTF-8.
    public static func under(_ folder: String) -> (paths: [String], namesNotUTF8: [NameNotUTF8]) {
        let base = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        var unnamed: [NameNotUTF8] = []
        walk(base, into: &found, &unnamed)
        return (found.sorted(), unnamed.sorted { $0.path < $1.path })
    }

    private static func walk(_ folder: String, into found: inout [String], _ unnamed: inout [NameNotUTF8]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = folder == "/" ? "/" : folder + "/"
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            let isLua = bytes.count > 4 && bytes.suffix(4).elementsEqual(".lua".utf8)
            guard let name = String(validating: bytes, as: UTF8.self) else {
                if isLua { unnamed.append(NameNotUTF8(path: prefix + escaped(bytes))) }
                continue
            }
            let path = prefix + name
            let type = Int32(entry.pointee.d_type)
            if type == DT_DIR || (type == DT_UNKNOWN && isFolder(path)) {
                walk(path, into: &found, &unnamed)
            } else if isLua {
                found.append(path)
            }
        }
    }

    /// Whether `path` is a folder itself, not a link to one; for file systems whose
    /// directory entries do not say.
    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// The name with its valid UTF-8 kept and every other byte as `\xFF`.
    private static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<(offset + length)] { text += String(format: "\\x%02X", byte) }
                offset += length
            case .emptyInput:
                return text
            }
        }
    }
}
