import Foundation

/// The `.lua` files under a folder, for `banter test` and `banter check` to pick their
/// scripts from. Read with `readdir` rather than `FileManager`'s enumerator, which drops a
/// name that is not UTF-8 without a word: a scenario named so would silently never run.
package enum LuaFiles {
    /// A `.lua` file whose path has bytes that are not UTF-8 (in its own name or a folder's),
    /// so Banter cannot name or open it.
    package struct NameNotUTF8: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path, with each byte that is not UTF-8 written as `\xFF`.
        package var path: String
        package var description: String {
            "\(path): the path has bytes that are not UTF-8, which Banter cannot open; rename the file or its folder"
        }
    }

    /// Every `.lua` file under `folder` (symbolic links to folders are not followed), sorted
    /// by path, each path starting with `folder`; and those whose paths are not UTF-8 (a
    /// name of their own, or of a folder they are in).
    package static func under(_ folder: String) -> (paths: [String], namesNotUTF8: [NameNotUTF8]) {
        let base = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var found: [String] = []
        var unnamed: [NameNotUTF8] = []
        walk(Array(base.utf8), into: &found, &unnamed)
        return (found.sorted(), unnamed.sorted { $0.path < $1.path })
    }

    /// Walks paths as bytes, so that a folder whose name is not UTF-8 is still looked into.
    private static func walk(_ folder: [UInt8], into found: inout [String], _ unnamed: inout [NameNotUTF8]) {
        guard let directory = withCPath(folder, opendir) else { return }
        defer { closedir(directory) }
        let prefix = folder == [0x2F] ? folder : folder + [0x2F]
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            let path = prefix + name
            let type = Int32(entry.pointee.d_type)
            if type == DT_DIR || (type == DT_UNKNOWN && isFolder(path)) {
                walk(path, into: &found, &unnamed)
            } else if name.count > 4 && name.suffix(4).elementsEqual(".lua".utf8) {
                if let text = String(validating: path, as: UTF8.self) {
                    found.append(text)
                } else {
                    unnamed.append(NameNotUTF8(path: escaped(path)))
                }
            }
        }
    }

    /// Calls `body` with `path` as a C string.
    private static func withCPath<Result>(_ path: [UInt8], _ body: (UnsafePointer<CChar>) -> Result) -> Result {
        (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { body($0.baseAddress!) }
        }
    }

    /// Whether `path` is a folder itself, not a link to one; for file systems whose
    /// directory entries do not say.
    /// Opening it as a folder without following a link answers both at once, with no `stat`
    /// structure (whose fields Swift attributes to whichever C module included its header
    /// first, which MemberImportVisibility then asks to import).
    private static func isFolder(_ path: [UInt8]) -> Bool {
        let descriptor = withCPath(path) { open($0, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return false }
        close(descriptor)
        return true
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
